/// NOT AVAILABLE YET: the DebugStore logging API is being written on another branch.
///
/// To wire it once it lands: build the store with the package initializer,
/// `Store(state:interactor:clock:hooks:observers:)`, passing the observer the DebugStore provides, with a
/// sink that discards every line; time `send-await`'s loop three ways in one run: no observer at all
/// (the baseline), the DebugStore attached with logging off, and with logging on into the discarding
/// sink. Target: logging off within 5% of the baseline; logging on is reported.
/// `observed-send` already times the observer path itself with a no-op observer.
enum DebugLogging {
  static let scenario = Scenario(name: "debugstore-logging", target: .none) { _ in
    ScenarioResult(
      notAvailable: "debugstore-logging", target: .none,
      reason: "not available: the DebugStore logging API is not in this branch yet (see Docs/Performance.md)")
  }
}
