extension StoreActor {
  /// Starts every hook. Each runs synchronously up to its first suspension, so a hook that observes the
  /// store's own state has subscribed before the first action is handled.
  func startHooks() {
    for hook in hooksToStart {
      let record = HookRecord(number: intake.nextNumber(), owner: self, hook: hook)
      let subscription = TaskContext.$current.withValue(record) { interactor.hook(hook, store: self) }
      hookTasks.append(spawnImmediately { await self.runHook(subscription, record: record) })
    }
  }

  private func runHook(_ subscription: HookSubscription<I>, record: HookRecord<I>) async {
    defer { record.end() }
    await TaskContext.$current.withValue(record) {
      do {
        try await subscription.run(self, record)
        if !observers.isEmpty, !Task.isCancelled { emit(.hookFinished(record.hook)) }
      } catch {
        guard !Task.isCancelled else { return }
        Diagnostics.warn(
          "\(storeID) hook \(describe(record.hook)) failed: \(error). The hook has ended and the store runs on; catch errors inside the sequence to keep a hook alive."
        )
        if !observers.isEmpty { emit(.hookFailed(record.hook, error: String(describing: error))) }
      }
    }
  }

  func hookDelivered<Element>(_ element: Element, by record: HookRecord<I>) {
    activity &+= 1
    if !observers.isEmpty { emit(.hookEvent(record.hook, element: describe(element))) }
  }
}
