/// NOT AVAILABLE YET: the TestStore is being written on another branch.
///
/// To wire it once it lands: this target would depend on ActuateTesting too, and time a TestStore sending
/// 10,000 actions, each asserted with its state change, against the same sends on a plain `Store`.
enum TestStoreAsserting {
  static let scenario = Scenario(name: "teststore-10k", target: .none) { _ in
    ScenarioResult(
      notAvailable: "teststore-10k", target: .none,
      reason: "not available: the TestStore is not in this branch yet")
  }
}
