@testable import Actuate

/// One action the model tests send: its policy, the group it runs under and how long its handler sleeps.
struct ModelJob: Equatable, Sendable, CustomStringConvertible {
  enum Kind: Equatable, Sendable {
    case concurrent, cancelPrevious, dropNew, serial
    case debounce(Int)
    case throttle(Int, latest: Bool)
    /// `.limit(id:max:whenFull:)`.
    case limit(Int, WhenFull)
  }

  enum WhenFull: Equatable, Sendable {
    case cancelOldest, dropNew, wait
  }

  let number: Int
  let kind: Kind
  /// `nil` only for a plain concurrent action, which runs under no id.
  let group: String?
  /// In ticks of ``ReferenceModel/tick``, or ``untilEnded``.
  let duration: Int

  /// A handler that runs until the test ends it (`ReferenceModel.handlerReturns`), at any point: the
  /// exhaustive checker's. Never sent to a store.
  static let untilEnded = -1

  var policy: ActionPolicy {
    guard let group else { return .concurrent }
    return switch kind {
    case .concurrent: .concurrent(id: group)
    case .cancelPrevious: .cancelPrevious(id: group)
    case .dropNew: .dropNew(id: group)
    case .serial: .serial(id: group)
    case .debounce(let ticks): .debounce(id: group, for: ReferenceModel.tick * ticks)
    case .throttle(let ticks, let latest): .throttle(id: group, for: ReferenceModel.tick * ticks, latest: latest)
    case .limit(let max, .cancelOldest): .limit(id: group, max: max, whenFull: .cancelOldest)
    case .limit(let max, .dropNew): .limit(id: group, max: max, whenFull: .dropNew)
    case .limit(let max, .wait): .limit(id: group, max: max, whenFull: .wait)
    }
  }

  /// How many may hold a place under its id for this job to start, when it waits.
  var waitLimit: Int {
    if case .limit(let max, _) = kind { return max }
    return 1
  }

  var description: String { "#\(number) \(kind) in \(group ?? "-") for \(duration)" }
}

/// Logs each handler's start and, unless it was cancelled, its end.
struct ModelInteractor: Interactor {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  typealias Action = ModelJob

  func onAction(_ job: ModelJob, store: isolated StoreActor<Self>) async {
    store.log.append("start \(job.number)")
    try? await store.sleep(for: ReferenceModel.tick * job.duration)
    store.log.append("end \(job.number)")
  }

  func policy(for job: ModelJob) -> ActionPolicy { job.policy }
}
