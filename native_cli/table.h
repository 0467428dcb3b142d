// Plain-text tables for the terminal: a title, aligned label/value rows, and column tables.
#pragma once

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace gpucfg::cli {

inline std::string Fixed(double x, int decimals = 2) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

// Engineering notation for large counts: 6.74e9 -> "6.74 B", 3.2e5 -> "320 k".
inline std::string Count(double x) {
  const char* suffix[] = {"", " k", " M", " B", " T", " P"};
  int i = 0;
  while (x >= 1000.0 && i < 5) x /= 1000.0, ++i;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g%s", x, suffix[i]);
  return buf;
}

// Seconds as the largest sensible unit: "850 ms", "12.4 s", "3.2 h", "41.5 days".
inline std::string Duration(double s) {
  char buf[64];
  if (s <= 0) return "-";
  if (s < 1e-3) std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  else if (s < 1) std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
  else if (s < 120) std::snprintf(buf, sizeof buf, "%.2f s", s);
  else if (s < 7200) std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
  else if (s < 3 * 86400) std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
  else std::snprintf(buf, sizeof buf, "%.1f days", s / 86400);
  return buf;
}

inline void Title(const std::string& t) { std::cout << "\n" << t << "\n"; }

inline void Row(const std::string& label, const std::string& value, const std::string& note = "") {
  std::printf("  %-26s %s%s%s\n", label.c_str(), value.c_str(), note.empty() ? "" : "  ", note.c_str());
}

// Columns sized to their widest cell; the first row is the header.
inline void Columns(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width;
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], r[i].size());
    }
  for (size_t k = 0; k < rows.size(); ++k) {
    std::string line;
    for (size_t i = 0; i < rows[k].size(); ++i)
      line += rows[k][i] + std::string(width[i] - rows[k][i].size() + 2, ' ');
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::cout << line << "\n";
    if (k == 0) {
      size_t total = 0;
      for (size_t w : width) total += w + 2;
      std::cout << std::string(total > 2 ? total - 2 : 0, '-') << "\n";
    }
  }
}

}  // namespace gpucfg::cli
