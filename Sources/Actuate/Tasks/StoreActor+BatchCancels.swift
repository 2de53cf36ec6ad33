extension StoreActor {
  /// Finds the actions of the batch just taken that a later command of the same batch cancels: a
  /// ``cancel(id:)`` or ``ActionTask/cancel()`` sent after them, or a newer action under the same id whose
  /// policy supersedes them (``ActionPolicy/cancelPrevious(id:)``, ``ActionPolicy/debounce(id:for:)``).
  /// Those were cancelled before the store took them, so their handlers never start.
  ///
  /// Also keeps each root action's policy in `batchPolicies`, so it is asked for once per action.
  func markCancelledInBatch() {
    batchPolicies.removeAll(keepingCapacity: true)
    cancelledInBatch.removeAll(keepingCapacity: true)
    for command in batchBuffer {
      if case .action(let taken) = command {
        batchPolicies.append(policyForLookahead(actionRecord(taken)))
      } else {
        batchPolicies.append(nil)
      }
    }
    // Walked backwards: each action meets the cancels that come after it.
    var cancelledIDs: [CancelID: CancellationReason] = [:]
    var cancelledTasks: Set<ObjectIdentifier> = []
    var reasons: [CancellationReason?]?
    for index in batchBuffer.indices.reversed() {
      switch batchBuffer[index] {
      case .cancel(let id):
        cancelledIDs[id] = .explicit
      case .cancelTask(let record):
        cancelledTasks.insert(ObjectIdentifier(record))
      case .action(let record):
        let policy = batchPolicies[index]
        var reason: CancellationReason? = cancelledTasks.isEmpty ? nil : cancelledTasks.contains(ObjectIdentifier(record)) ? .explicit : nil
        if reason == nil, !cancelledIDs.isEmpty, let id = policy?.id { reason = cancelledIDs[id] }
        if let reason {
          if reasons == nil { reasons = Array(repeating: nil, count: batchBuffer.count) }
          reasons![index] = reason
        } else if let policy, let id = policy.id {
          // An action cancelled before it starts supersedes nothing: it never happened.
          switch policy.kind {
          case .cancelPrevious: cancelledIDs[id] = .superseded
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
