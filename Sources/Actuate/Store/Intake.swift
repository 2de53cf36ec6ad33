/// The store's one ordered intake: every send, cancel and stop, from any thread, in the order it happened.
///
/// Senders append under a lock and return. Whoever finds the intake idle claims its drain and schedules it on
/// the store; the drain takes whole batches, so a burst of sends costs one lock each and one drain in all.
/// Where the intake is, open or closed, claimed or not, is one ``IntakeState``.
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
      if queue.state.isClosed { return .rejected }
      queue.commands.append(.action(record))
      return queue.state.claim() ? .drain : .queued
    }
    if next == .rejected { record.end(.rejected) }
    return (record, next)
  }

  /// Sends an action whose sender takes the intake on the store itself (``Store/sendAndWait(_:)``): when the
  /// intake is idle and empty, the action is not queued at all and the sender holds the drain (`.first`),
  /// so no command is made, queued and copied for it. Otherwise it is queued as `enqueue` queues it.
  @usableFromInline
  func enqueueTakingFirst(
    _ action: I.Action, owner: StoreActor<I>, reader: consuming StateReader<I.State>? = nil,
    recordType: ActionRecord<I>.Type = ActionRecord<I>.self
  ) -> (record: ActionRecord<I>, next: TakeFirst) {
    let record = recordType.init(number: nextNumber(), owner: owner, action: action, sentBy: nil, reader: reader)
    let next = withQueue { queue -> TakeFirst in
      if queue.state.isClosed { return .rejected }
      if queue.commands.isEmpty, queue.state.claim() { return .first }
      queue.commands.append(.action(record))
      return queue.state.claim() ? .drain : .queued
    }
    if next == .rejected { record.end(.rejected) }
    return (record, next)
  }

  /// Puts back, first, an action taken with `.first` that its sender cannot take after all: the sender
  /// still holds the drain, so everything queued came after it.
  func putFirst(_ record: TaskRecord) {
    withQueue { $0.commands.insert(.action(record), at: 0) }
  }

  /// Appends a command. A stop is accepted once, and closes the intake: after it, only the stop itself gets
  /// through. Returns whether the caller claimed the drain, and must schedule it.
  func enqueue(_ command: Command) -> Bool {
    withQueue { queue in
      if queue.state.isClosed { return false }
      queue.commands.append(command)
      if case .stop = command { return queue.state.close() }
      return queue.state.claim()
    }
  }

  /// Appends several commands at once, so that nothing sent from elsewhere comes between them.
  func enqueue(contentsOf commands: [Command]) -> Bool {
    withQueue { queue in
      if queue.state.isClosed || commands.isEmpty { return false }
      queue.commands.append(contentsOf: commands)
      return queue.state.claim()
    }
  }

  /// Runs `body` as though a drain were under way, so that what it sends and cancels waits in the intake
  /// until the store takes it all together; returns whether the caller must then schedule the drain.
  /// Tests use it to send an action and cancel it before the store can take it.
  func holding(_ body: () -> Void) -> Bool {
    let claimed = withQueue { $0.state.claim() }
    body()
    return claimed
  }

  var hasCommands: Bool { withQueue { !$0.commands.isEmpty } }

  /// Takes everything queued into `buffer` and returns `true`; or, with nothing queued, returns `false` and,
  /// for the drain that holds the claim (`releasingWhenEmpty`), releases it, so the next sender claims a
  /// drain of its own.
  func takeBatch(reusing buffer: inout [Command], releasingWhenEmpty: Bool) -> Bool {
    buffer.removeAll(keepingCapacity: buffer.capacity <= BatchBuffers.keptCapacity)
    return withQueue { queue in
      if queue.commands.isEmpty {
        if releasingWhenEmpty { queue.state.release() }
        return false
      }
      swap(&queue.commands, &buffer)
      return true
    }
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

/// What the intake keeps under its home's lock: the commands the store has not taken, and where it is.
struct IntakeQueue {
  var commands: [IntakeCommand] = []
  var state = IntakeState.idle
}

/// Where a store's intake is: open to sends or closed by a stop, and whether a drain is claimed.
///
/// One drain at a time holds the claim: the sender that finds the intake idle claims it and schedules (or
/// runs) the drain, and only that drain releases it, once it finds nothing left to take. Whoever else takes
/// commands (a sender whose action a claimed drain will take anyway, a test settling the store) takes them
/// without the claim, and leaves it to its holder.
enum IntakeState {
  /// Open, with no drain claimed: the next command claims one.
  case idle
  /// Open, and a drain is claimed: scheduled or running, it takes every command queued before it releases.
  case draining
  /// Closed by a stop, with a drain claimed: the drain still has the stop to take, or is taking it.
  case stopping
  /// Closed, and its last drain has released: the stop has been taken.
  case stopped

  /// Whether a stop has closed the intake: it accepts no send, cancel or second stop.
  var isClosed: Bool {
    switch self {
    case .idle, .draining: false
    case .stopping, .stopped: true
    }
  }

  /// Claims the drain: returns whether the caller claimed it, and must run or schedule it; `false` while a
  /// drain is claimed already.
  mutating func claim() -> Bool {
    switch self {
    case .idle:
      self = .draining
      return true
    case .stopped:
      self = .stopping
      return true
    case .draining, .stopping:
      return false
    }
  }

  /// Closes the intake as its stop is queued. Returns whether the caller claimed the drain that takes it.
  mutating func close() -> Bool {
    switch self {
    case .idle:
      self = .stopping
      return true
    case .draining:
      self = .stopping
      return false
    case .stopping, .stopped:
      preconditionFailure("a second stop reached the intake, which a stop had closed")
    }
  }

  /// The claimed drain found nothing left to take: the next command claims a drain again.
  mutating func release() {
    switch self {
    case .draining: self = .idle
    case .stopping: self = .stopped
    case .idle, .stopped: preconditionFailure("a drain released the intake's claim, which nothing held")
    }
  }
}
