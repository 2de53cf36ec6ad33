/// The store's one ordered intake: every send, cancel and stop, from any thread, in the order it happened.
///
/// Senders append under a lock and return. Whoever finds the intake idle schedules one drain on the store;
/// the drain takes whole batches, so a burst of sends costs one lock each and one drain in all.
///
/// A view of the root's ``RecordHome``, which holds the queue under the lock that guards the records, and the
/// counter that numbers them: an idle store then holds one object and one lock for both, not two of each.
/// A child store's intake is its root's; a child sends through its root (``RootedLink``), never into it.
@usableFromInline
struct Intake<I: Interactor>: Sendable {
  // These and the queue are not nested in the generic type: a nested type is generic too, and every use
  // of `[Command]` would look its metadata up (HowItWorks.md, "Unspecialised code").
  typealias Command = IntakeCommand
  typealias StopReason = IntakeStopReason

  let home: RecordHome

  init(home: RecordHome) {
    self.home = home
  }

  // `recordType` below is a default argument, not a field: evaluated where the send is compiled, it is the
  // specialised type in the client's module (`Store.send`, inlinable), where the intake's own unspecialised
  // code would look the type's metadata up at every send (HowItWorks.md, "Unspecialised code").

  /// Runs `body` on the queue, under the home's lock.
  @inline(__always)
  private func withQueue<Result>(_ body: (inout IntakeQueue) -> Result) -> Result {
    home.withLock { body(&$0.intake) }
  }

  /// Numbers tasks in the order they were created.
  func nextNumber() -> UInt64 {
    home.numbers.next()
  }

  /// Appends an action unless the store has stopped. Returns the record (already ended `.rejected` when
  /// stopped) and what the caller must do next.
  @usableFromInline
  func enqueue(
    _ action: I.Action, sentBy: SenderNote?, senderNumber: UInt64 = 0, owner: StoreActor<I>,
    recordType: ActionRecord<I>.Type = ActionRecord<I>.self
  ) -> (record: ActionRecord<I>, next: Enqueued) {
    // Built outside the lock: an allocation is the slowest part of a send.
    let record = recordType.init(number: nextNumber(), owner: owner, action: action, sentBy: sentBy)
    record.senderNumber = senderNumber
    let next = withQueue { queue -> Enqueued in
      if queue.stopped { return .rejected }
      queue.commands.append(.action(record))
      return Self.claimDrain(&queue) ? .drain : .queued
    }
    if next == .rejected { record.end(.rejected) }
    return (record, next)
  }

  /// Sends an action whose sender takes the intake on the store itself (``Store/sendAndWait(_:)``): when the
  /// intake is idle and empty, the action is not queued at all and the sender holds the drain (`.first`),
  /// so no command is made, queued and copied for it. Otherwise it is queued as `enqueue` queues it.
  @usableFromInline
  func enqueueTakingFirst(
    _ action: I.Action, owner: StoreActor<I>, reader: (@Sendable (I.State) -> Void)? = nil,
    recordType: ActionRecord<I>.Type = ActionRecord<I>.self
  ) -> (record: ActionRecord<I>, next: TakeFirst) {
    let record = recordType.init(number: nextNumber(), owner: owner, action: action, sentBy: nil, reader: reader)
    let next = withQueue { queue -> TakeFirst in
      if queue.stopped { return .rejected }
      if !queue.draining, queue.commands.isEmpty {
        queue.draining = true
        return .first
      }
      queue.commands.append(.action(record))
      return Self.claimDrain(&queue) ? .drain : .queued
    }
    if next == .rejected { record.end(.rejected) }
    return (record, next)
  }

  /// Puts back, first, an action taken with `.first` that its sender cannot take after all: the sender
  /// still holds the drain, so everything queued came after it.
  func putFirst(_ record: TaskRecord) {
    withQueue { $0.commands.insert(.action(record), at: 0) }
  }

  /// Appends a command. A stop is accepted once; after it, only the stop itself gets through.
  func enqueue(_ command: Command) -> Bool {
    withQueue { queue in
      if queue.stopped { return false }
      if case .stop = command { queue.stopped = true }
      queue.commands.append(command)
      return Self.claimDrain(&queue)
    }
  }

  /// Appends several commands at once, so that nothing sent from elsewhere comes between them.
  func enqueue(contentsOf commands: [Command]) -> Bool {
    withQueue { queue in
      if queue.stopped || commands.isEmpty { return false }
      queue.commands.append(contentsOf: commands)
      return Self.claimDrain(&queue)
    }
  }

  /// Runs `body` as though a drain were under way, so that what it sends and cancels waits in the intake
  /// until the store takes it all together; returns whether the caller must then schedule the drain.
  /// Tests use it to send an action and cancel it before the store can take it.
  func holding(_ body: () -> Void) -> Bool {
    let claimed = withQueue { Self.claimDrain(&$0) }
    body()
    return claimed
  }

  var hasCommands: Bool { withQueue { !$0.commands.isEmpty } }

  /// Takes everything queued into `buffer` and returns `true`; or, with nothing queued, returns `false` and
  /// (unless told not to) marks the intake idle, so the next sender schedules a drain.
  func takeBatch(reusing buffer: inout [Command], releasingWhenEmpty: Bool = true) -> Bool {
    buffer.removeAll(keepingCapacity: buffer.capacity <= BatchBuffers.keptCapacity)
    return withQueue { queue in
      if queue.commands.isEmpty {
        if releasingWhenEmpty { queue.draining = false }
        return false
      }
      swap(&queue.commands, &buffer)
      return true
    }
  }

  private static func claimDrain(_ queue: inout IntakeQueue) -> Bool {
    if queue.draining { return false }
    queue.draining = true
    return true
  }
}

/// One entry of a store's intake.
///
/// One word: the cases rarer than an action hold their payload in a box of its own (`indirect`), so that a
/// burst queued behind a busy store, and the batch it is taken as, cost 8 bytes a command, not 64.
enum IntakeCommand: Sendable {
  /// Starts the store, attaching its watcher if it has one: the first command, so the watcher is told
  /// everything the store does.
  indirect case start((any StoreWatcher)?)
  /// Always an `ActionRecord` of the intake's own interactor, held as its base class (see ``Intake``).
  case action(TaskRecord)
  indirect case cancel(CancelID)
  /// Cancels every identifier that matches, as the store finds them when it takes the command.
  indirect case cancelMatching(@Sendable (CancelID) -> Bool)
  case cancelTask(TaskRecord)
  /// The queued half of a cancel made by code running on the store (a handler, a task it started, a hook, a
  /// cleanup), whose other half reached at once what the store had taken: cancels, before they start, the
  /// actions that same code sent before the cancel (those whose `senderNumber` is `sender`), and nothing
  /// else. An action someone else sent meanwhile came after the cancel's cause in the order of sends.
  indirect case cancelSends(sender: UInt64, CancelTarget)
  case stop(IntakeStopReason)
}

/// What a cancel names: one identifier, or every identifier a test matches.
enum CancelTarget: Sendable {
  case id(CancelID)
  case matching(@Sendable (CancelID) -> Bool)
}

/// The buffers a store reuses from batch to batch: the batch itself, and what it looks ahead.
enum BatchBuffers {
  /// The most entries such a buffer keeps room for: past it, a burst's buffers are let go once taken, so the
  /// store holds memory for its live work, not for its largest burst. (Not a member of a generic type: the
  /// store's unspecialised code would look that type up to read it.)
  static var keptCapacity: Int { 4096 }
}

/// What a sender does once its action is in the intake.
@usableFromInline
enum Enqueued {
  /// Schedule a drain: the intake was idle, and this send claimed it.
  case drain
  /// Nothing: a drain is already under way, and will take the action.
  case queued
  /// Warn: the store has stopped, and the action was not taken.
  case rejected
}

/// What a sender that takes the intake itself does once its action is sent.
@usableFromInline
enum TakeFirst {
  /// Take the action on the store, ahead of the intake: the intake was idle and empty, the action was not
  /// queued, and this send holds the drain.
  case first
  /// Take the intake, the action in it: this send claimed the drain.
  case drain
  /// Take the intake, the action in it: a drain is already under way.
  case queued
  /// Warn: the store has stopped, and the action was not taken.
  case rejected
}

/// Why a store stopped.
enum IntakeStopReason: Sendable {
  case stopped
  case released
}

/// What the intake keeps under its home's lock.
struct IntakeQueue {
  var commands: [IntakeCommand] = []
  var draining = false
  var stopped = false
}
