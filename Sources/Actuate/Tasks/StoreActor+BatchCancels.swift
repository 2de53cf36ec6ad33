extension StoreActor {
  /// Finds the actions of the batch just taken that a later command of the same batch cancels: a
  /// ``cancel(id:)``, ``cancel(ids:)``, ``cancel(ids:where:)`` or ``ActionTask/cancel()`` sent after them, or a newer action under the same id whose
  /// policy supersedes them (``ActionPolicy/cancelPrevious(id:)``, ``ActionPolicy/debounce(id:for:)``).
  /// Those were cancelled before the store took them, so their handlers never start.
  ///
  /// Also keeps each root action's policy, so it is asked for once per action: in `batchPolicies`, by
  /// index, when it names an id. A plain `.concurrent` policy is not kept, nor is anything for an action that
  /// goes nowhere (a child that is missing or refuses it) or a command that is not an action:
  /// `batchPolicies` stays empty for a burst of concurrent actions.
  func markCancelledInBatch() {
    batchLookedAhead = true
    // Whether anything in the batch can cancel an action of it: a cancel, or a policy under an id.
    var mayCancel = false
    for index in batchBuffer.indices {
      guard case .action(let taken) = batchBuffer[index] else {
        mayCancel = true
        continue
      }
      guard let policy = policyForLookahead(actionRecord(taken)), policy.id != nil else { continue }
      if batchPolicies.count < index {
        batchPolicies.append(contentsOf: repeatElement(nil, count: index - batchPolicies.count))
      }
      batchPolicies.append(policy)
      mayCancel = true
    }
    guard mayCancel else { return }
    // Walked backwards: each action meets the cancels that come after it.
    var cancelledIDs: [CancelID: CancellationReason] = [:]
    var cancelledTasks: Set<ObjectIdentifier> = []
    var matchers: [@Sendable (CancelID) -> Bool] = []
    var reasons: [CancellationReason?]?
    for index in batchBuffer.indices.reversed() {
      switch batchBuffer[index] {
      case .cancel(let id):
        cancelledIDs[id] = .explicit
      case .cancelMatching(let matches):
        matchers.append(matches)
      case .cancelTask(let record):
        cancelledTasks.insert(ObjectIdentifier(record))
      case .action(let record):
        let policy = index < batchPolicies.count ? batchPolicies[index] : nil
        var reason: CancellationReason? = cancelledTasks.isEmpty ? nil : cancelledTasks.contains(ObjectIdentifier(record)) ? .explicit : nil
        if reason == nil, let policy, policy.id != nil, !cancelledIDs.isEmpty || !matchers.isEmpty {
          reason = Self.reason(cancelling: policy, ids: cancelledIDs, matchers: matchers)
        }
        if let reason {
          if reasons == nil { reasons = Array(repeating: nil, count: batchBuffer.count) }
          reasons![index] = reason
        } else if let policy, let id = policy.id {
          // An action cancelled before it starts supersedes nothing: it never happened.
          // A limit above 1 that cancels the oldest is not looked ahead: whether it cancels depends on
          // how many hold a place when it comes, and handlers that end in their first stretch free theirs.
          switch policy.kind {
          case .limit(1, let whenFull) where whenFull.rule == .cancelOldest: cancelledIDs[id] = .superseded
          case .debounce: cancelledIDs[id] = .debounced
          default: break
          }
        }
      case .start, .stop:
        break
      }
    }
    if let reasons { cancelledInBatch = reasons }
  }

  /// Why a later cancel of the batch reaches an action under `policy`: through its own identifier or any
  /// other it names, by id or by a matching predicate.
  private static func reason(
    cancelling policy: ActionPolicy, ids: [CancelID: CancellationReason], matchers: [@Sendable (CancelID) -> Bool]
  ) -> CancellationReason? {
    for id in CollectionOfOne(policy.id!) + policy.extraIDs {
      if let reason = ids[id] { return reason }
      if matchers.contains(where: { $0(id) }) { return .explicit }
    }
    return nil
  }

  /// The policy an action will run under: its child's, scoped, when it carries a child's (as routing would
  /// find it now), or the interactor's.
  private func policyForLookahead(_ record: ActionRecord<I>) -> ActionPolicy? {
    if hasChildren, let route = children?.route(record.action, fromOutside: { record.sender == nil }) {
      if case .handle(let policy, _, _) = route { return policy }
      return nil
    }
    return interactor.policy(for: record.action)
  }
}
