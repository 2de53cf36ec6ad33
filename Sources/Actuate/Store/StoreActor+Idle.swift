extension Store {
  /// Waits until the store is idle: everything sent to it so far has been taken, and every handler it has
  /// started has returned or sleeps on the store's clock.
  ///
  /// ```swift
  /// store.send(.refresh)
  /// await store.waitUntilIdle()     // the refresh has run, up to its next sleep on the clock
  /// let items = await store.state.items
  /// ```
  ///
  /// For tools, and tests that use a plain `Store`. It also waits for hooks on the store's own state to
  /// react to the changes so far (a hook that sleeps on the clock while it reacts counts as idle), and for
  /// the actions those reactions send.
  ///
  /// It does not wait for:
  /// - tasks sleeping on a clock: a delay (``StoreActor/sleep(for:)``), a debounce or a throttle window,
  ///   or any sleep on a `TestClock`, including a dependency's own. Advance a `TestClock` to move them;
  ///   under a real clock they go on once their time has come, after this returns. A dependency that
  ///   sleeps on a real clock of its own, not the store's, counts as running.
  /// - hooks awaiting the next element of their sequence: what comes from outside comes when it comes.
  /// - tasks a handler starts on its own (`Task { … }`): the store does not know them.
  ///
  /// A handler that awaits something that never comes keeps this waiting: cancel the calling task to stop
  /// waiting (it then returns at once, idle or not). So does a handler of this store that calls it: it is
  /// itself still running. Nothing is asked of the store while nobody waits, so
  /// sending costs the same whether or not anyone ever calls this.
  public func waitUntilIdle() async {
    await actor.waitUntilIdle()
  }
}

extension StoreActor {
  /// Returns once the store is idle (see ``Store/waitUntilIdle()``), or once the calling task is cancelled.
  package nonisolated func waitUntilIdle() async {
    await waitUntilIdle(ignoring: [])
  }

  /// Returns once the store is idle but for the tasks numbered in `ignored` (a TestStore has reported
  /// them already), or once the calling task is cancelled.
  package nonisolated func waitUntilIdle(ignoring ignored: Set<UInt64>) async {
    let deliveries = home.deliveries
    while !Task.isCancelled {
      await settle(ignoring: ignored)
      // Read before the check: a task that sleeps or ends after it changes the generation, so the wait
      // below does not miss it.
      let generation = deliveries.generation
      let running = await runningRecords.filter { !ignored.contains($0.number) }
      if hasUntakenCommands { continue }
      if running.isEmpty, deliveries.busyRecords.allSatisfy({ ignored.contains($0.number) }) { return }
      for record in running { deliveries.watchEnd(record) }
      await deliveries.waitForChange(after: generation)
    }
  }

  /// The action tasks that have started, have not ended, and do not sleep on a clock, in the order sent.
  package var runningRecords: [TaskRecord] {
    scheduler.startedRecords.values
      .filter { !home.deliveries.isParked(ObjectIdentifier($0)) }
      .sorted { $0.number < $1.number }
  }
}
