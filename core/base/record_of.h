// RecordOf<T, Of>: T is the record type Of, possibly const. The field lists (report, catalog) take
// const records from writers and docs generators and mutable ones from readers and resets.
#pragma once

#include <concepts>
#include <type_traits>

namespace gpucfg {

template <class T, class Of>
concept RecordOf = std::same_as<std::remove_const_t<T>, Of>;

}  // namespace gpucfg
