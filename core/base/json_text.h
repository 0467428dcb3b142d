// Strict JSON text reading shared by every loader of user text (scenarios, catalog overrides, HF
// configs): nlohmann's parser with exceptions off, plus two things it does not do by itself:
// an invalid document's error says where (line and column, as nlohmann's lexer counts them:
// 1-based, in bytes), and a key given twice in one object is an error at its JSON pointer rather
// than the last value silently winning. Nothing throws.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "base/issues.h"

namespace gpucfg {

// Parses `text` into `out`. On invalid JSON: appends {"invalid_json", "<what> is not valid JSON
// text: line L, column C: <reason>", ""} and returns false. With `reject_duplicates`, the first key
// repeated inside one object appends {"duplicate_key", ..., "/its/pointer"} and returns false.
bool ParseJsonText(std::string_view text, std::string_view what, bool reject_duplicates,
                   nlohmann::json& out, Issues& errors);

// "line L, column C: <reason>" for a text nlohmann rejects ("" when it parses); the reason is cut
// to a few hundred bytes (it quotes the last token read, which may be huge or not UTF-8).
std::string JsonSyntaxErrorWhere(std::string_view text);

}  // namespace gpucfg
