import Foundation

/// The least a store can do per action under Actuate's contract, in a module of its own so that, like
/// Actuate's own store, its generic code runs unspecialised for an interactor defined elsewhere: one task
/// per action, started immediately on the store, whose handler is called through the protocol with the
/// store isolated, and (step by step) a record per action and the task-local that names the record.
///
/// Nothing else of Actuate's: no policies, no registry, no observers; an intake only in the last step. The
/// `task-floor` benchmark times each step against a bare actor call; Docs/Performance.md reads the floor off
/// it.
public protocol FloorHandler: Sendable {
  associatedtype State: Sendable
  associatedtype Action: Sendable
  func onAction(_ action: Action, store: isolated FloorStore<Self>) async
}

/// What each step of the floor adds.
public enum FloorStep: CaseIterable, Sendable {
  /// A task per action, the handler called with the store isolated.
  case task
  /// And a record allocated per action, which the task ends.
  case record
  /// And the record bound to a task-local around the handler.
  case taskLocal
  /// And the send made from outside the store through an intake, as `Store.send` and `sendAndWait` are: a
  /// locked queue the store takes whole, so that a send can return at once from any thread and one task's
  /// sends keep their order; and the record's end published under a lock, for handles on any thread.
  case intake
}

public enum FloorContext {
  @TaskLocal public static var current: FloorRecord?
}

public class FloorRecord: @unchecked Sendable {
  public internal(set) var isEnded = false
  /// For the intake step: the end as handles on other threads read it.
  private var published = false
  /// One lock for every record, as Actuate's records share their store's (`RecordHome.lock`): a lock
  /// allocated per record would cost more than the record.
  static let lock = NSLock()
  private var lock: NSLock { Self.lock }

  func publishEnd() {
    isEnded = true
    lock.withLock { published = true }
  }

  var hasPublishedEnd: Bool { lock.withLock { published } }
}

/// The intake step's queue: records held as their base class, so the queue is not generic.
final class FloorIntake: @unchecked Sendable {
  private var records: [FloorRecord] = []
  private let lock = NSLock()

  func append(_ record: FloorRecord) {
    lock.withLock { records.append(record) }
  }

  func takeAll() -> [FloorRecord] {
    lock.withLock {
      defer { records = [] }
      return records
    }
  }
}

final class FloorActionRecord<H: FloorHandler>: FloorRecord, @unchecked Sendable {
  let action: H.Action

  init(_ action: H.Action) {
    self.action = action
  }
}

@dynamicMemberLookup
public actor FloorStore<H: FloorHandler> {
  public var state: H.State
  let handler: H
  private nonisolated let intake = FloorIntake()
  /// For the inline floor's drain (FloorDrain.swift): its queue, its task, and how many times it parked and
  /// how many batches it took.
  nonisolated let drainIntake = FloorDrainIntake()
  var drainTask: Task<Void, Never>?
  public internal(set) var parks = 0
  public internal(set) var batches = 0

  public init(state: H.State, handler: H) {
    self.state = state
    self.handler = handler
  }

  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<H.State, Value>) -> Value {
    get { state[keyPath: keyPath] }
    _modify { yield &state[keyPath: keyPath] }
  }

  /// Handles one action as `step` says; returns whether its handler has already returned (always `true`
  /// for `.task`, which keeps no record to ask).
  public func send(_ action: H.Action, _ step: FloorStep) -> Bool {
    switch step {
    case .task:
      _ = Task.immediate { await self.handler.onAction(action, store: self) }
      return true
    case .record:
      let record = FloorActionRecord<H>(action)
      _ = Task.immediate {
        await self.handler.onAction(record.action, store: self)
        record.isEnded = true
      }
      return record.isEnded
    case .taskLocal:
      let record = FloorActionRecord<H>(action)
      _ = Task.immediate {
        await FloorContext.$current.withValue(record) {
          await self.handler.onAction(record.action, store: self)
        }
        record.isEnded = true
      }
      return record.isEnded
    case .intake:
      preconditionFailure("the intake step sends from outside: sendThroughIntake(_:)")
    }
  }

  /// Handles one action as the intake step says, from outside the store; returns whether its handler has
  /// already returned.
  public nonisolated func sendThroughIntake(_ action: H.Action) async -> Bool {
    let record = FloorActionRecord<H>(action)
    intake.append(record)
    await drain()
    return record.hasPublishedEnd
  }

  private func drain() {
    for taken in intake.takeAll() {
      let record = unsafeDowncast(taken, to: FloorActionRecord<H>.self)
      _ = Task.immediate {
        await FloorContext.$current.withValue(record) {
          await self.handler.onAction(record.action, store: self)
        }
        record.publishEnd()
      }
    }
  }
}
