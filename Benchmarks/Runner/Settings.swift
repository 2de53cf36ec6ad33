/// How hard each scenario works: the full counts with warm-up and several runs, or a quick pass for CI.
struct Settings: Sendable {
  let quick: Bool
  let runs: Int
  let warmUps: Int

  /// The full count, or a small fraction of it in quick mode, so CI exercises the same code in seconds.
  func count(_ full: Int, quickDivisor: Int = 100) -> Int {
    quick ? max(1, full / quickDivisor) : full
  }

  var mode: String {
    #if DEBUG
    let build = "debug"
    #else
    let build = "release"
    #endif
    return quick ? "\(build), quick" : build
  }
}
