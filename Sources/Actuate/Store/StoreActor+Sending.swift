extension StoreActor {
  /// Sends an action from a handler or hook. Returns at once; the action is handled after everything sent
  /// before it, once the current stretch of code gives up the store.
  ///
  /// A send from a task that has been cancelled is dropped and reported, like its state writes.
  @discardableResult
  public func send(_ action: I.Action) -> ActionTask {
    // A root calls its `OwnRoute` directly: through `route`, the route became an existential at every send,
    // which looked its generic type up.
    if isChild { return route.send(action, from: self) }
    return OwnRoute<I>().send(action, from: self)
  }

  /// A send of the running code, into this root's intake: ``send(_:)``'s, or a child's carried in the
  /// parent's action.
  func enqueue(_ action: I.Action) -> ActionTask {
    var sender: SenderNote?
    var senderNumber: UInt64 = 0
    if let context = TaskContext.current, context.owner == ObjectIdentifier(self) { senderNumber = context.number }
    if let cleaning = stretch.cleaning {
      sender = observers.isEmpty ? .unknown : .note(cause(of: cleaning))
    } else if let context = TaskContext.current, context.owner == ObjectIdentifier(self) {
      if context.isCancelled { return dropSend(action, from: context) }
      // Only a description of the sender travels with the action (see `ActionRecord.sender`).
      sender = observers.isEmpty ? .unknown : .note(cause(of: context))
    }
    let (record, next) = intake.enqueue(action, sentBy: sender, senderNumber: senderNumber, owner: self)
    switch next {
    case .drain: scheduleDrain()
    case .queued: break
    case .rejected: warnRejected(action)
    }
    return ActionTask(record: record)
  }

  /// Sends from outside the store: the ``Store`` forwards here. Inlinable, with `sendAndWaitFromOutside`, so
  /// that the client's module specialises them for its interactor: there, the hop onto the store finds its
  /// executor without looking the store's generic type up.
  @inlinable
  nonisolated func sendFromOutside(_ action: I.Action) -> ActionTask {
    let (record, next) = intake.enqueue(action, sentBy: nil, owner: self)
    switch next {
    case .drain: scheduleDrainFromOutside()
    case .queued: break
    case .rejected: warnRejected(action)
    }
    return ActionTask(record: record)
  }

  /// `sendAndWaitFromOutside`, reading the state with `read` as the action ends.
  nonisolated func sendAndWaitFromOutside<Value: Sendable>(
    _ action: I.Action, reading read: @escaping @Sendable (I.State) -> Value
  ) async -> (outcome: ActionOutcome, value: Value) {
    let reading = StateReading(read)
    let (record, next) = intake.enqueueTakingFirst(action, owner: self, reader: reading)
    if next == .rejected {
      warnRejected(action)
      // Stopped: the state is final, so reading it now reads what it was when the action was refused.
      return (.rejected, read(await state))
    }
    var outcome = await takeIntake(next, for: record)
    if outcome == nil { outcome = await record.wait() }
    return (outcome!, reading.value!)
  }

  /// Sends from outside and waits for the outcome, taking the intake on the caller's task: the ``Store``
  /// forwards ``Store/sendAndWait(_:)`` here.
  @inlinable
  nonisolated func sendAndWaitFromOutside(_ action: I.Action) async -> ActionOutcome {
    let (record, next) = intake.enqueueTakingFirst(action, owner: self)
    if next == .rejected {
      warnRejected(action)
      return .rejected
    }
    if let outcome = await takeIntake(next, for: record) { return outcome }
    return await record.wait()
  }

  nonisolated func stopFromOutside(_ reason: Intake<I>.StopReason) {
    if intake.enqueue(.stop(reason)) { scheduleDrainFromOutside() }
  }

  @usableFromInline
  nonisolated func warnRejected(_ action: I.Action) {
    warnings.warn(
      "\(storeID) has stopped, so \(describe(action)) was not handled. Send only while you hold the store and before you call stop()."
    )
  }

  private func dropSend(_ action: I.Action, from sender: TaskRecord) -> ActionTask {
    let record = ActionRecord(
      number: intake.nextNumber(), owner: self, action: action, sentBy: .note(cause(of: sender)))
    record.end(.cancelled(sender.cancelReason ?? .explicit))
    if !observers.isEmpty { emit(.sendDropped(action, cause: cause(of: sender))) }
    return ActionTask(record: record)
  }

  /// Cancels one action's task (``ActionTask/cancel()``), in order with the sends before it.
  package nonisolated func cancel(_ record: TaskRecord) {
    if intake.enqueue(.cancelTask(record)) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(id: CancelID) {
    if intake.enqueue(.cancel(id)) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(ids: [CancelID]) {
    if intake.enqueue(contentsOf: ids.map { .cancel($0) }) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    if intake.enqueue(.cancelMatching(matches)) { scheduleDrainFromOutside() }
  }
}
