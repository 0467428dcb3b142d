// Helpers shared by the report writers.
#pragma once

namespace gpucfg {

// x rounded to 6 significant digits (the precision every report number is written with).
double RoundForReport(double x);

}  // namespace gpucfg
