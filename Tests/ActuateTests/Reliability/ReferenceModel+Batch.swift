@testable import Actuate

extension ReferenceModel {
  /// One command of a batch the store takes together.
  enum BatchCommand {
    case send(ModelJob)
    case cancelGroup(String)
    case cancelJob(Int)
  }

  /// Commands that reach the store together, taken as one batch. A command cancels the actions before it
  /// in the batch before they start, so their handlers never run: a cancel of their id or of the job
  /// itself, or a newer action that supersedes them (cancel-previous, debounce). An action cancelled
  /// before it started supersedes nothing, and a supersession does not reach back past an action that
  /// starts: that action's handler could cancel the earlier one first, with another reason.
  mutating func batch(_ commands: [BatchCommand]) {
    var cancelledIDs: [String: CancellationReason] = [:]
    var cancelledJobs: Set<Int> = []
    var caught: [Int: CancellationReason] = [:]
    for command in commands.reversed() {
      switch command {
      case .cancelGroup(let id):
        cancelledIDs[id] = .explicit
      case .cancelJob(let number):
        cancelledJobs.insert(number)
      case .send(let job):
        var reason: CancellationReason? = cancelledJobs.contains(job.number) ? .explicit : nil
        if reason == nil, let id = job.group { reason = cancelledIDs[id] }
        if let reason {
          caught[job.number] = reason
        } else {
          cancelledIDs = cancelledIDs.filter { $0.value == .explicit }
        }
        if reason == nil, let id = job.group {
          switch job.kind {
          case .cancelPrevious: cancelledIDs[id] = .superseded
          case .debounce: cancelledIDs[id] = .debounced
          default: break
          }
        }
      }
    }
    takingBatch = true
    for command in commands {
      switch command {
      case .send(let job):
        if let reason = caught[job.number] {
          record(job)
          drop(job.number, reason)
        } else {
          send(job)
        }
      case .cancelGroup(let id):
        cancel(group: id)
      case .cancelJob(let number):
        cancel(job: number)
      }
    }
    takingBatch = false
    windDown()
  }
}
