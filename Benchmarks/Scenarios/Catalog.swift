/// Every scenario, in the order they run and print.
enum Catalog {
  static let all: [Scenario] = [
    SendAwait.scenario,
    SendAwait.finishing,
    SendBurst.scenario,
    ChildSend.scenario,
    CancelPrevious.scenario,
    HookForEach.scenario,
    ValuesSubscribers.scenario,
    ObservedSend.scenario,
    ViewStoreUpdates.scenario,
    DebugLogging.scenario,
    DiffArray.scenario,
    DiffArray.scaling,
    DiffDictionary.scenario,
    TestStoreAsserting.scenario,
    IdleStores.scenario,
  ]
}
