/// Every scenario, in the order they run and print.
enum Catalog {
  static let all: [Scenario] = [
    SendAwait.scenario,
    TaskFloor.scenario,
    InlineFloor.scenario,
    SendAwait.finishing,
    SendBurst.scenario,
    ChildSend.scenario,
    CancelPrevious.scenario,
    HookForEach.scenario,
    ValuesSubscribers.scenario,
    SelfSendChain.scenario,
    ObservedSend.scenario,
    StoreModelUpdates.scenario,
    DebugLogging.scenario,
    DebugLogging.synchronous,
    TraceWriting.scenario,
    TraceWriting.drained,
    DiffArray.scenario,
    DiffArray.scaling,
    DiffDictionary.scenario,
    DiffEnum.tree,
    DiffEnum.stack,
    TestStoreAsserting.scenario,
    IdleStores.scenario,
  ]
}
