import Foundation

/// Issue 29's floor: what a send costs when a non-suspending handler runs inline, with no task of its own
/// (the `inline-floor` benchmark).
///
/// - `FloorStore.sendInline`: the handler awaited inline on the caller's own task, on the store, with a
///   record and the task-local that names it (`sendInlineWithoutTaskLocal`: the record alone). Actuate's
///   contract cannot take this shape (cancelling the action would have to cancel the caller), so it bounds
///   the others from below.
/// - `FloorStore.sendToDrainAndWait`: a drain task that lives as long as the store, parked on a continuation
///   while the intake is empty. A send appends to the intake and resumes the drain if it is parked; the drain
///   runs each handler inline with one context, bound once for its life, that would name the running record;
///   the sender waits for the end on a continuation of its own.
/// - `FloorStore.sendToDrain(_:waitingForEnd:)`: a burst to the same drain, only the last send awaited.
///
/// The context a drain binds once, in place of a task-local bound per action.
public final class FloorDrainContext: @unchecked Sendable {
  /// The record whose handler the drain runs now.
  public var record: FloorRecord?
}

public enum FloorDrainLocal {
  @TaskLocal public static var context: FloorDrainContext?
}

/// A record an outside caller can wait on.
final class FloorWaitRecord<H: FloorHandler>: FloorRecord, @unchecked Sendable {
  let action: H.Action
  private var waiter: UnsafeContinuation<Void, Never>?
  private var ended = false
  private var endLock: NSLock { FloorRecord.lock }

  init(_ action: H.Action) {
    self.action = action
  }

  func end() {
    let waiter: UnsafeContinuation<Void, Never>? = endLock.withLock {
      ended = true
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withUnsafeContinuation { continuation in
      let done: Bool = endLock.withLock {
        if !ended { waiter = continuation }
        return ended
      }
      if done { continuation.resume() }
    }
  }
}

/// The drain's queue: records, and the drain's continuation while it is parked.
final class FloorDrainIntake: @unchecked Sendable {
  typealias Parked = UnsafeContinuation<[FloorRecord], Never>
  private var records: [FloorRecord] = []
  private var parked: Parked?
  private let lock = NSLock()

  /// Appends `record`; returns the parked drain to resume, if it was parked.
  func append(_ record: FloorRecord) -> Parked? {
    lock.withLock {
      records.append(record)
      defer { parked = nil }
      return parked
    }
  }

  /// Takes everything queued, or parks `continuation` and returns `nil` when nothing is.
  func takeAll(orPark continuation: Parked?) -> [FloorRecord]? {
    lock.withLock {
      if records.isEmpty {
        parked = continuation
        return continuation == nil ? [] : nil
      }
      defer { records = [] }
      return records
    }
  }
}

extension FloorStore {
  /// The handler awaited inline on the caller's task, with a record and no task-local.
  public func sendInlineWithoutTaskLocal(_ action: H.Action) async -> Bool {
    let record = FloorActionRecord<H>(action)
    await handler.onAction(record.action, store: self)
    record.isEnded = true
    return record.isEnded
  }

  /// The handler awaited inline on the caller's task, with a record and its task-local.
  public func sendInline(_ action: H.Action) async -> Bool {
    let record = FloorActionRecord<H>(action)
    await FloorContext.$current.withValue(record) {
      await handler.onAction(record.action, store: self)
    }
    record.isEnded = true
    return record.isEnded
  }

  /// Starts the drain, a task that lives as long as the store; call once before sending to it.
  public func startDrain() {
    drainTask = Task { await self.drainForever() }
  }

  /// Ends the drain once it is parked.
  public func stopDrain() {
    drainTask?.cancel()
    drainIntake.append(FloorRecord())?.resume(returning: [])
  }

  /// Sends to the drain from outside and waits for the handler's end.
  public nonisolated func sendToDrainAndWait(_ action: H.Action) async {
    let record = FloorWaitRecord<H>(action)
    drainIntake.append(record)?.resume(returning: [])
    await record.wait()
  }

  /// Sends to the drain from outside; waits for this one's end only if `last`.
  public nonisolated func sendToDrain(_ action: H.Action, waitingForEnd last: Bool) async {
    let record = FloorWaitRecord<H>(action)
    drainIntake.append(record)?.resume(returning: [])
    if last { await record.wait() }
  }

  private func drainForever() async {
    let context = FloorDrainContext()
    await FloorDrainLocal.$context.withValue(context) {
      while !Task.isCancelled {
        var batch = drainIntake.takeAll(orPark: nil)!
        if batch.isEmpty {
          parks += 1
          batch = await withUnsafeContinuation { continuation in
            if let taken = drainIntake.takeAll(orPark: continuation) { continuation.resume(returning: taken) }
          }
        }
        batches += 1
        for taken in batch {
          // A record of the base class is `stopDrain()`'s wake-up.
          guard type(of: taken) != FloorRecord.self else { continue }
          let record = unsafeDowncast(taken, to: FloorWaitRecord<H>.self)
          context.record = record
          await handler.onAction(record.action, store: self)
          context.record = nil
          record.end()
        }
      }
    }
  }
}
