extension StoreActor {
  /// Starts every hook. Each runs synchronously up to its first suspension, so a hook that observes the
  /// store's own state has subscribed before the first action is handled.
  func startHooks() {
    // A child's hooks are its root's tasks: the root names them, and a TestStore waits for them.
    let owner = route.owner(of: self)
    guard case .toStart(let toStart) = hooks else { return }
    hooks = .started([])
    for hook in toStart {
      let number = route.nextNumber(for: self)
      let record = HookRecord<I>(number: number, owner: owner, hook: hook, child: route.childName)
      let subscription = TaskContext.$current.withValue(record) { interactor.hook(hook, store: self) }
      let task =
        if let owned {
          spawnOnOwnedExecutor(owned) { await self.runHook(subscription, record: record) }
        } else {
          spawnImmediately { await self.runHook(subscription, record: record) }
        }
      hooks.append(task)
    }
  }

  private func runHook(_ subscription: HookSubscription<I>, record: HookRecord<I>) async {
    defer { record.end() }
    await TaskContext.$current.withValue(record) {
      do {
        try await subscription.run(self, record)
        if !Task.isCancelled { route.hookEnded(record, error: nil, in: self) }
      } catch {
        guard !Task.isCancelled else { return }
        warnings.warn(
          "\(storeID) hook \(describe(record.hook)) failed: \(error). The hook has ended and the store runs on; catch errors inside the sequence to keep a hook alive."
        )
        route.hookEnded(record, error: String(describing: error), in: self)
      }
    }
  }

  /// Runs one hook element's code as one stretch: its writes become one change of the root's state.
  func hookStretch(_ body: () -> Void) {
    if isChild { return route.withBoundary(body, in: self) }
    OwnRoute<I>().withBoundary(body, in: self)
  }

  /// - Parameter replayed: Whether a replay fed the element from its session, rather than the sequence.
  func hookDelivered<Element>(_ element: Element, by record: HookRecord<I>, replayed: Bool = false) {
    // A hook a test clock woke (a sleep inside its sequence) is back once it has an element.
    // Only a tracker that exists can have handed out a wake-up.
    home.deliveriesIfMade?.awaitsNext(record)
    // A store that records or replays a session has an observer: the others skip the registry.
    if !observers.isEmpty, !replayed { sessionTook(element, by: record) }
    if isChild {
      route.hookDelivered(record, element: describe(element), in: self)
    } else {
      OwnRoute<I>().hookDelivered(record, element: describe(element), in: self)
    }
  }
}
