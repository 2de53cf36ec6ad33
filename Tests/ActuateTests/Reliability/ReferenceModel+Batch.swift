@testable import Actuate

extension ReferenceModel {
  /// One command of a batch the store takes together.
  enum BatchCommand {
    case send(ModelJob)
    case cancelGroup(String)
    case cancelJob(Int)
  }

  /// Commands that reach the store together, taken as one batch: as if taken one at a time, except that an
  /// action a later command of the batch cancels may be dropped before it starts, its handler never run.
  ///
  /// The store may do so only where the outcome stays what it would be one at a time. So, looking forward
  /// from each action, the first later command that concerns it decides: a cancel of it or its group, or a
  /// newer action in its group that supersedes it (cancel-previous, debounce), drops it with that reason,
  /// but a supersession seen past an action that starts does not (that action's handler could cancel it
  /// first, explicitly); a newer action in its group that counts the places there needs it taken for real,
  /// unless that action is dropped too.
  /// An action its own policy may refuse as it is taken (drop-new, throttle, a limit of several that
  /// cancels the oldest) is always taken for real. A dropped action still supersedes as it is taken.
  mutating func batch(_ commands: [BatchCommand]) {
    // Decided from the last command back: whether a later action starts depends on its own fate.
    var caught: [Int: CancellationReason] = [:]
    for index in commands.indices.reversed() {
      guard case .send(let job) = commands[index], job.kind.isKeptWhenTaken || job.group == nil else { continue }
      caught[index] = Self.firstCancel(of: job, after: index, in: commands, caught: caught)
    }
    takingBatch = true
    for (index, command) in commands.enumerated() {
      switch command {
      case .send(let job):
        if let reason = caught[index] {
          record(job)
          if let id = job.group, let superseding = job.kind.supersedes { cancelGroup(id, reason: superseding) }
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

  /// The reason the first later command that concerns `job` cancels it with, if that command cancels it.
  private static func firstCancel(
    of job: ModelJob, after index: Int, in commands: [BatchCommand], caught: [Int: CancellationReason]
  ) -> CancellationReason? {
    var pastAStart = false
    for later in commands.indices where later > index {
      switch commands[later] {
      case .cancelJob(let number):
        if number == job.number { return .explicit }
      case .cancelGroup(let id):
        if id == job.group { return .explicit }
      case .send(let other):
        if let id = job.group, other.group == id, let superseding = other.kind.supersedes {
          return pastAStart ? nil : superseding
        }
        // One that counts the places in the group needs this job there, unless it is dropped itself: then it
        // ends so, queued behind this job or not.
        if let id = job.group, other.group == id, other.kind != .concurrent, caught[later] == nil { return nil }
        if caught[later] == nil { pastAStart = true }
      }
    }
    return nil
  }
}

extension ModelJob.Kind {
  /// Why a job of this kind cancels what runs or waits in its group as it is sent, if it does.
  var supersedes: CancellationReason? {
    switch self {
    case .cancelPrevious, .limit(1, .cancelOldest): .superseded
    case .debounce: .debounced
    default: nil
    }
  }

  /// Whether sending a job of this kind always keeps it: started, queued or sleeping out its debounce.
  var isKeptWhenTaken: Bool {
    switch self {
    case .concurrent, .cancelPrevious, .serial, .debounce, .limit(_, .wait), .limit(1, .cancelOldest): true
    case .dropNew, .throttle, .limit(_, .dropNew), .limit(_, .cancelOldest): false
    }
  }
}
