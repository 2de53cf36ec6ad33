/// The generator every seeded schedule draws from: small, fast, and the same sequence for the same seed on
/// every platform and every build, which a replayed seed needs (the standard library's generator promises
/// neither).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed &+ 0x9E37_79B9_7F4A_7C15
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`; `bound` is at least 1.
  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
