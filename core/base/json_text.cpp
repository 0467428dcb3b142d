// Strict JSON text reading: where an invalid document breaks, and keys given twice. See
// json_text.h. The position and reason come from nlohmann's own lexer through its SAX interface
// (parse_error's exception text reads "[json.exception.parse_error.101] parse error at line L,
// column C: ..."); the duplicate check is a parser callback that tracks the path it is at.
#include "base/json_text.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_set>
#include <vector>

namespace gpucfg {
namespace {

using nlohmann::json;

// A SAX consumer that accepts everything and keeps only the first syntax error's text.
struct ErrorOnly : nlohmann::json_sax<json> {
  std::string what;
  std::size_t position = 0;  // bytes read when the error was seen
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t at, const std::string&, const nlohmann::detail::exception& ex) override {
    if (what.empty()) what = ex.what(), position = at;
    return false;
  }
};

// RFC 6901 escaping of one reference token.
void AppendToken(std::string& path, std::string_view key) {
  path += '/';
  for (char c : key) {
    if (c == '~') path += "~0";
    else if (c == '/') path += "~1";
    else path += c;
  }
}

// Parser callback state: one frame per open container, the first duplicate's pointer.
struct DuplicateFinder {
  struct Frame {
    bool is_array = false;
    std::size_t index = 0;    // arrays: the element being read
    std::string key;          // objects: the member being read
    std::unordered_set<std::string> keys;
  };
  std::vector<Frame> frames;
  std::string duplicate_path;
  bool found = false;

  std::string PathTo(std::string_view key) const {
    std::string path;
    for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
      if (frames[i].is_array) AppendToken(path, std::to_string(frames[i].index));
      else AppendToken(path, frames[i].key);
    }
    AppendToken(path, key);
    return path;
  }
  void ElementDone() {
    if (!frames.empty() && frames.back().is_array) ++frames.back().index;
  }
  bool operator()(int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: frames.push_back(Frame{}); break;
      case json::parse_event_t::array_start: frames.push_back(Frame{true, 0, {}, {}}); break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!frames.empty()) frames.pop_back();
        ElementDone();
        break;
      case json::parse_event_t::key:
        if (!frames.empty() && parsed.is_string()) {
          Frame& f = frames.back();
          f.key = parsed.get_ref<const std::string&>();
          if (!found && !f.keys.insert(f.key).second) {
            found = true;
            duplicate_path = PathTo(f.key);
          }
        }
        break;
      case json::parse_event_t::value: ElementDone(); break;
    }
    return true;
  }
};

constexpr std::size_t kMaxReasonBytes = 300;

// "line L, column C" of the byte before `position` (the one the lexer stopped at), 1-based, the
// way nlohmann's lexer counts: a newline ends a line, columns are bytes.
std::string LineColumn(std::string_view text, std::size_t position) {
  const std::size_t at = position > 0 ? std::min(position, text.size() + 1) - 1 : 0;
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, line_start = i + 1;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(at - line_start + 1);
}

}  // namespace

std::string JsonSyntaxErrorWhere(std::string_view text) {
  ErrorOnly sax;
  if (json::sax_parse(text.begin(), text.end(), &sax)) return "";
  std::string where = sax.what;
  // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."; other
  // kinds ("[json.exception.out_of_range.406] number overflow parsing '1e400'") carry no position.
  const std::size_t at = where.find(" at line ");
  const std::size_t tag_end = where.find("] ");
  if (at != std::string::npos) where = where.substr(at + 4);
  else if (tag_end != std::string::npos) where = LineColumn(text, sax.position) + ": " + where.substr(tag_end + 2);
  if (where.size() > kMaxReasonBytes) where = where.substr(0, kMaxReasonBytes) + "...";
  return where;
}

bool ParseJsonText(std::string_view text, std::string_view what, bool reject_duplicates, json& out,
                   Issues& errors) {
  // nlohmann stops at a NUL byte as at the end of input, so "{...}\0anything" would parse: a raw
  // NUL is never valid JSON text (inside strings it must be written \u0000), so say where it is.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    errors.push_back({"invalid_json", std::string(what) + " is not valid JSON text: " + LineColumn(text, nul + 1) +
                                          ": a NUL byte (write \\u0000 inside a string)", ""});
    return false;
  }
  DuplicateFinder finder;
  if (reject_duplicates) {
    out = json::parse(text.begin(), text.end(),
                      [&finder](int depth, json::parse_event_t event, json& parsed) {
                        return finder(depth, event, parsed);
                      },
                      /*allow_exceptions=*/false);
  } else {
    out = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  }
  if (out.is_discarded()) {
    std::string where = JsonSyntaxErrorWhere(text);
    errors.push_back({"invalid_json",
                      std::string(what) + " is not valid JSON text" + (where.empty() ? "" : ": " + where),
                      ""});
    return false;
  }
  if (finder.found) {
    errors.push_back({"duplicate_key",
                      "the key at " + finder.duplicate_path + " is given twice in one object; give it once",
                      finder.duplicate_path});
    return false;
  }
  return true;
}

}  // namespace gpucfg
