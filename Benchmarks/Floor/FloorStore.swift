/// The least a store can do per action under Actuate's contract, in a module of its own so that, like
/// Actuate's own store, its generic code runs unspecialised for an interactor defined elsewhere: one task
/// per action, started immediately on the store, whose handler is called through the protocol with the
/// store isolated, and (step by step) a record per action and the task-local that names the record.
///
/// Nothing else of Actuate's: no intake, no policies, no registry, no observers. The `task-floor`
/// benchmark times each step against a bare actor call; Docs/Performance.md reads the floor off it.
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
}

public enum FloorContext {
  @TaskLocal public static var current: FloorRecord?
}

public class FloorRecord: @unchecked Sendable {
  public internal(set) var isEnded = false
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
    }
  }
}
