/// A root store's route: the store carries out its own sends, cancels and hook reports.
struct OwnRoute<I: Interactor>: StoreRoute {
  // Unowned: the store holds its route. It is used only by the store's own code, while the store runs.
  unowned(unsafe) let store: StoreActor<I>

  var root: any TaskOwner { store }
  var childName: String? { nil }

  func nextNumber() -> UInt64 { store.intake.nextNumber() }

  func send(_ action: I.Action) -> ActionTask {
    store.onSharedExecutor { $0.enqueue(action) }
  }

  func cancel(id: CancelID) {
    store.onSharedExecutor { $0.cancelWork(under: id) }
  }

  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    store.onSharedExecutor { $0.cancelWork(matching: matches) }
  }

  func cancelNodes(_ nodes: Set<UInt64>) {
    store.onSharedExecutor { $0.cancelChildNodes(nodes) }
  }

  func withBoundary(_ body: () -> Void) {
    store.onSharedExecutor { $0.enterBoundary() }
    body()
    store.onSharedExecutor { $0.leaveBoundary() }
  }

  func hookDelivered(_ record: HookRecord<I>, element: @autoclosure () -> String) {
    // Described only for observers, and before the hop: the autoclosure stays on this side.
    let described = store.onSharedExecutor { $0.observers.isEmpty } ? nil : element()
    store.onSharedExecutor { store in
      store.activity &+= 1
      if let described { store.emit(.hookEvent(record.hook, element: described)) }
    }
  }

  func hookEnded(_ record: HookRecord<I>, error: String?) {
    store.onSharedExecutor { store in
      guard !store.observers.isEmpty else { return }
      if let error {
        store.emit(.hookFailed(record.hook, error: error))
      } else {
        store.emit(.hookEnded(record.hook))
      }
    }
  }
}
