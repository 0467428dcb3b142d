// The report's text forms beyond ReportToJson (json_io.h): the rounding every report number is
// written with, its records as JSON objects (for the CLI's roofline, scale and collective
// documents), and the field table that documents them, all read from report_fields.h.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

#include "contract/report.h"
#include "contract/report_speed.h"

namespace gpucfg {

// x rounded to 6 significant digits (the precision every report number is written with).
double RoundForReport(double x);

// One record of the report as its JSON object, with the report's names and rounding.
nlohmann::json RecordToJson(const RooflineCeiling& c);
nlohmann::json RecordToJson(const RooflinePoint& p);
nlohmann::json RecordToJson(const ScalingPoint& p);
nlohmann::json RecordToJson(const CollectiveResult& c);

// Every report field as a markdown table (JSON pointer, type, unit, meaning): the source of the
// report table in docs/contract.md (`gpucfg schema --report` prints it). Array items are `/*`.
std::string ReportFieldsMarkdown();
// The same table for the records `gpucfg collective` writes (not part of the report).
std::string CollectiveFieldsMarkdown();

// What a report key means, for hover text: `pointer` is a JSON pointer into a report
// ("/performance/mfu", "/memory/fixes/2/saves_gib"; array indices may also be written `*`).
struct ReportFieldInfo {
  bool found = false;
  std::string_view type;  // number | integer | boolean | string | object | array
  std::string_view unit;  // "" for none
  std::string_view doc;
};
ReportFieldInfo DescribeReportField(std::string_view pointer);

}  // namespace gpucfg
