/// A root store's route: the store carries out its own sends, cancels and hook reports.
struct OwnRoute<I: Interactor>: StoreRoute {
  var childName: String? { nil }

  func owner(of store: StoreActor<I>) -> any TaskOwner { store }

  func nextNumber(for store: isolated StoreActor<I>) -> UInt64 { store.intake.nextNumber() }

  func send(_ action: I.Action, from store: isolated StoreActor<I>) -> ActionTask {
    store.enqueue(action)
  }

  func cancel(id: CancelID, from store: isolated StoreActor<I>) {
    store.cancelWork(under: id)
  }

  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool, from store: isolated StoreActor<I>) {
    store.cancelWork(matching: matches)
  }

  func cancelNodes(_ nodes: Set<UInt64>, from store: isolated StoreActor<I>) {
    store.cancelChildNodes(nodes)
  }

  func withBoundary(_ body: () -> Void, in store: isolated StoreActor<I>) {
    store.withBoundary(body)
  }

  func hookDelivered(_ record: HookRecord<I>, element: @autoclosure () -> String, in store: isolated StoreActor<I>) {
    store.stretch.activity &+= 1
    if !store.observers.isEmpty { Self.emitElement(of: record, element(), in: store) }
  }

  /// Out of line: an event names `StoreEvent<I>`, and making room for one looked its metadata up at every
  /// element, observed or not (HowItWorks.md, "Unspecialised code").
  @inline(never)
  private static func emitElement(of record: HookRecord<I>, _ element: String, in store: isolated StoreActor<I>) {
    store.emit(.hookElement(record.hook, element: element))
  }

  func hookEnded(_ record: HookRecord<I>, error: String?, in store: isolated StoreActor<I>) {
    guard !store.observers.isEmpty else { return }
    if let error {
      store.emit(.hookFailed(record.hook, error: error))
    } else {
      store.emit(.hookEnded(record.hook))
    }
  }
}
