// The catalog's byte image (catalog_snapshot.h). One walk of the Catalog serves both directions:
// the field lists of catalog_fields.h through SnapshotFields, and the three sections read by their
// own readers (engines, MIG tables, sharing facts) through section_members.h. An archive is the
// Writer (appends each value) or the Reader (takes each value back, bounds-checked); keys unused.
#include "catalog/catalog_snapshot.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "catalog/catalog_fields.h"
#include "catalog/section_members.h"

namespace gpucfg {

namespace {

// Leads the image: the format and this build's struct sizes, so an image of another layout (a
// stale generated file) is refused rather than misread; BuiltinCatalog then reads the JSON.
std::string Signature() {
  const std::size_t sizes[] = {sizeof(GpuSpec),       sizeof(InterconnectSpec), sizeof(ModelPreset),   sizeof(GpuPrice),
                               sizeof(CurrencyPreset), sizeof(SourceRef),        sizeof(NetworkPreset), sizeof(NetworkLayer),
                               sizeof(ServerSpec),     sizeof(GridPreset),       sizeof(PowerMode),     sizeof(EngineProfile),
                               sizeof(MigTable),       sizeof(MigProfile),       sizeof(SharingFact),   kPrecisionCount};
  std::string s = "gpucfg-catalog-image-1:";
  for (std::size_t n : sizes) s += std::to_string(n) + ",";
  return s;
}

template <class A, RecordOf<SourceRef> R>
void SectionMembers(A& a, R& r) { a("code", r.code), a("citation", r.citation); }

// [SECTION] The field-list kinds ------------------------------------------------------------------

// A catalog_fields.h visitor that hands every field's value to the archive, keys and docs unused.
// Inlined (gnu::always_inline): keys, units and docs then never reach the binary's calls, which
// keeps the reader small in the wasm API module (~7 KB gzip of per-field calls otherwise).
#define GPUCFG_INLINE [[gnu::always_inline]] inline
template <class A>
struct SnapshotFields {
  A& a;
  template <class S> GPUCFG_INLINE void Text(const char*, S& x, std::string_view, Need = Need::kOptional) { a(x); }
  template <class D> GPUCFG_INLINE void Number(const char*, D& x, const char*, std::string_view, Need = Need::kOptional) { a(x); }
  template <class I> GPUCFG_INLINE void Integer(const char*, I& x, std::string_view, Need = Need::kOptional) { a(x); }
  template <class B> GPUCFG_INLINE void Flag(const char*, B& x, std::string_view) { a(x); }
  template <class P> GPUCFG_INLINE void Peaks(const char*, P& rates, std::string_view) {
    for (auto& r : rates) a(r.dense), a(r.sparse);
  }
  template <class T, class Fn> GPUCFG_INLINE void Record(const char*, T& x, Need, const char*, std::string_view, Fn&& fn) { fn(*this, x); }
  template <class V> GPUCFG_INLINE void Sources(const char*, V& sources, std::string_view) { a("sources", sources); }
  template <class V, class Fn> void Kind(const char*, const char*, V& items, Fn&& fn) {
    a.Each(items, [&](auto& item) { fn(*this, item); });
  }
};

template <class A, RecordOf<Catalog> C>
void Walk(A& a, C& c) {
  SnapshotFields<A> fields{a};
  VisitCatalogKinds(fields, c);
  VisitCatalogSections(a, c);
}

// [SECTION] The archives -----------------------------------------------------------------------

class Writer {
 public:
  std::string out;

  void operator()(const std::string& s) { Put(std::uint32_t(s.size())), out.append(s); }
  void operator()(double x) { Put(x); }
  void operator()(int x) { Put(std::int32_t(x)); }
  void operator()(bool x) { out.push_back(x ? 1 : 0); }
  template <class T> void operator()(const std::vector<T>& v) {
    Each(v, [this](const T& x) { (*this)(x); });
  }
  template <class T> requires std::is_class_v<T> void operator()(const T& x) { SectionMembers(*this, x); }
  template <class T, std::size_t N> void operator()(const T (&x)[N]) {
    for (const T& item : x) (*this)(item);
  }
  template <class T> GPUCFG_INLINE void operator()(const char*, const T& x, std::string_view = {}, Need = Need::kOptional) { (*this)(x); }
  template <class T, class Fn> void Each(const std::vector<T>& v, Fn&& write) {
    Put(std::uint32_t(v.size()));
    for (const T& x : v) write(x);
  }

 private:
  template <class T> void Put(T x) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &x, sizeof(T));
    out.append(bytes, sizeof(T));
  }
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == in_.size(); }

  [[gnu::noinline]] void operator()(std::string& s) {
    const std::uint32_t n = Take<std::uint32_t>();
    if (!Need(n)) return;
    s.assign(in_.data() + at_, n);
    at_ += n;
  }
  [[gnu::noinline]] void operator()(double& x) { x = Take<double>(); }
  [[gnu::noinline]] void operator()(int& x) { x = Take<std::int32_t>(); }
  [[gnu::noinline]] void operator()(bool& x) {
    const std::uint8_t b = Take<std::uint8_t>();
    ok_ = ok_ && b <= 1;
    x = b == 1;
  }
  template <class T> void operator()(std::vector<T>& v) {
    Each(v, [this](T& x) { (*this)(x); });
  }
  template <class T> requires std::is_class_v<T> void operator()(T& x) { SectionMembers(*this, x); }
  template <class T, std::size_t N> void operator()(T (&x)[N]) {
    for (T& item : x) (*this)(item);
  }
  template <class T> GPUCFG_INLINE void operator()(const char*, T& x, std::string_view = {}, Need = Need::kOptional) { (*this)(x); }
  // Every element takes at least one byte, so a count beyond the bytes left is a broken image
  // (refused before it could allocate). Elements are read one by one and appended with
  // push_back(T&&), the instantiation the JSON reader has already: no resize() per record type
  // (that alone was ~7 KB gzip of the wasm API module).
  template <class T, class Fn> void Each(std::vector<T>& v, Fn&& read) {
    const std::uint32_t n = Take<std::uint32_t>();
    v.clear();
    if (!Need(n)) return;
    for (std::uint32_t i = 0; i < n && ok_; ++i) {
      T x;
      read(x);
      v.push_back(std::move(x));
    }
  }
  bool Expect(std::string_view text) {
    if (!Need(text.size()) || in_.substr(at_, text.size()) != text) return ok_ = false;
    at_ += text.size();
    return true;
  }

 private:
  bool Need(std::size_t n) {
    ok_ = ok_ && n <= in_.size() - at_;
    return ok_;
  }
  template <class T> T Take() {
    T x{};
    if (!Need(sizeof(T))) return x;
    std::memcpy(&x, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return x;
  }
  std::string_view in_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

#undef GPUCFG_INLINE

std::string CatalogSnapshot(const Catalog& c) {
  Writer w;
  w.out = Signature();
  Walk(w, c);
  return std::move(w.out);
}

bool ReadCatalogSnapshot(std::string_view bytes, Catalog& out) {
  out = Catalog{};
  Reader r(bytes);
  if (r.Expect(Signature())) Walk(r, out);
  if (r.ok() && r.at_end()) return true;
  out = Catalog{};
  return false;
}

}  // namespace gpucfg
