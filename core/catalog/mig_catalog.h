// MIG profile tables: for each MIG-capable GPU, its GPU-instance profiles (compute and memory
// slices, usable GiB, SMs, engines, L2 share, instance limit, allowed start slots). Read from the
// "mig" array of data/mig_profiles.json (compiled in, like the rest of the catalog). Tables for
// parts whose table NVIDIA does not publish carry status "not_published" and no profiles.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/issues.h"

namespace gpucfg {

struct MigProfile {
  std::string name;             // "1g.10gb", "1g.10gb+me"
  int id = 0;                   // GPU-instance profile id (nvidia-smi mig -lgip)
  int compute_slices = 0;       // SM slices (1/7 of the MIG SMs; 1/4 on the A30)
  int memory_slices = 0;        // memory slots it occupies (1/8 of the memory; 1/4 on the A30)
  double memory_gib = 0;        // usable memory as nvidia-smi reports it; 0 = not published
  int sms = 0;                  // SMs of the instance; 0 = not published
  int copy_engines = 0;
  int decoders = 0;             // NVDEC
  int jpeg = 0;                 // NVJPG
  int ofa = 0;                  // optical-flow accelerator
  double l2_fraction = 0;       // share of the GPU's L2 (MIG User Guide's table)
  int max_instances = 0;        // most instances of this profile alone on one GPU
  std::vector<int> starts;      // allowed start slots (memory-slice index)
  bool media_extensions = false;  // a "+me" profile: at most one per GPU
  std::string verification;     // N / H / D / U codes of shared/reference/mig-profiles.md
  std::string source;
  std::string note;
  bool operator==(const MigProfile&) const = default;
};

struct MigTable {
  std::string table;            // "A100-80GB"
  std::vector<std::string> gpus;  // catalog ids this table applies to
  std::string status;           // published | sibling (a same-die sibling's table) | not_published
  std::string sibling;          // status sibling: the table it carries over
  int memory_slots = 8;         // memory slices of the whole GPU
  int compute_slots = 7;        // compute slices of the whole GPU
  int max_instances = 7;        // GPU instances at most
  std::string verification;
  std::string source;
  std::string note;
  std::vector<MigProfile> profiles;
  bool operator==(const MigTable&) const = default;
};


// Parses the "mig" array of one catalog document and appends its tables (a table naming a GPU
// already present replaces it for that GPU). Problems come back with JSON pointers into `text`.
Issues MergeMigJson(std::string_view text, std::vector<MigTable>& into);

// The table for a catalog GPU id (case-insensitive); nullptr when the GPU has none.
const MigTable* FindMigTable(const std::vector<MigTable>& tables, std::string_view gpu);
// A profile by name (case-insensitive); -1 when absent.
int FindMigProfile(const MigTable& t, std::string_view name);

}  // namespace gpucfg
