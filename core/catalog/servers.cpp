// Lookups in the power catalog (data/servers.json): servers, grids, edge power modes. Reading and
// writing go through the catalog's field lists (catalog/catalog_fields.h).
#include "catalog/servers.h"

#include "catalog/catalog.h"

namespace gpucfg {

const ServerSpec* FindServer(const Catalog& c, std::string_view id) {
  for (const ServerSpec& s : c.servers)
    if (EqualsIgnoreCase(s.id, id)) return &s;
  return nullptr;
}

const GridPreset* FindGrid(const Catalog& c, std::string_view id) {
  for (const GridPreset& g : c.grids)
    if (EqualsIgnoreCase(g.id, id)) return &g;
  return nullptr;
}

const PowerMode* FindPowerMode(const Catalog& c, std::string_view gpu, std::string_view mode) {
  for (const PowerMode& m : c.power_modes)
    if (EqualsIgnoreCase(m.gpu, gpu) && EqualsIgnoreCase(m.id, mode)) return &m;
  return nullptr;
}

bool HasPowerModes(const Catalog& c, std::string_view gpu) {
  for (const PowerMode& m : c.power_modes)
    if (EqualsIgnoreCase(m.gpu, gpu)) return true;
  return false;
}

}  // namespace gpucfg
