@testable import Actuate
import Testing

/// What the later commands of a batch decide about its earlier actions before the store takes any of them.
@Suite("Scheduler: batch lookahead")
struct SchedulerBatchLookaheadTests {
  /// A batch under test: its commands, and the policy of each action by number (none: it goes nowhere).
  private struct Batch {
    let home = RecordHome()
    var commands: [IntakeCommand] = []
    var policies: [UInt64: ActionPolicy] = [:]
    var records: [UInt64: TaskRecord] = [:]

    mutating func send(_ number: UInt64, _ policy: ActionPolicy?) {
      let record = TaskRecord(number: number, owner: ObjectIdentifier(home), home: home)
      records[number] = record
      policies[number] = policy
      commands.append(.action(record))
    }

    mutating func cancel(_ id: String) {
      commands.append(.cancel(CancelID(id)))
    }

    mutating func cancelTask(_ number: UInt64) {
      commands.append(.cancelTask(records[number]!))
    }

    mutating func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool) {
      commands.append(.cancelMatching(matches))
    }

    /// Looks the batch ahead; returns the lookahead, and why each command is cancelled before it starts.
    func look() -> (lookahead: BatchLookahead, reasons: [CancellationReason?]) {
      var lookahead = BatchLookahead()
      lookahead.look(at: commands) { policies[$0.number] }
      return (lookahead, commands.indices.map { lookahead.fate(at: $0)?.reason })
    }
  }

  @Test func aBurstOfPlainConcurrentActionsKeepsNothing() {
    var batch = Batch()
    for number in UInt64(1)...4 { batch.send(number, .concurrent) }
    let (lookahead, reasons) = batch.look()
    #expect(lookahead.isActive)
    #expect(reasons == [nil, nil, nil, nil])
    #expect((0..<4).allSatisfy { lookahead.policy(at: $0) == nil })
    #expect(lookahead.capacity == 0)
  }

  @Test func aCancelOfAnIDCancelsTheActionsUnderItBeforeIt() {
    var batch = Batch()
    batch.send(1, .serial(id: "a"))
    batch.send(2, .serial(id: "b"))
    batch.cancel("a")
    batch.send(3, .serial(id: "a"))
    let (lookahead, reasons) = batch.look()
    #expect(reasons == [.explicit, nil, nil, nil])
    #expect(lookahead.policy(at: 3)?.description == #"serial(id: "a")"#)
  }

  @Test func aNewerActionThatSupersedesCancelsTheOlderOnes() {
    var batch = Batch()
    batch.send(1, .serial(id: "a"))
    batch.send(2, .cancelPrevious(id: "a"))
    batch.send(3, .limit(id: "a", max: 1, whenFull: .cancelOldest))
    batch.send(4, .serial(id: "b"))
    #expect(batch.look().reasons == [.superseded, .superseded, nil, nil])
  }

  @Test func aDebounceCancelsTheOlderActionsAsDebounced() {
    var batch = Batch()
    batch.send(1, .debounce(id: "a", for: .milliseconds(100)))
    batch.send(2, .serial(id: "a"))
    batch.send(3, .debounce(id: "a", for: .zero))
    #expect(batch.look().reasons == [.debounced, .debounced, nil])
  }

  @Test func theNearestLaterCommandGivesTheReason() {
    var first = Batch()
    first.send(1, .serial(id: "a"))
    first.cancel("a")
    first.send(2, .cancelPrevious(id: "a"))
    #expect(first.look().reasons == [.explicit, nil, nil])

    var second = Batch()
    second.send(1, .serial(id: "a"))
    second.send(2, .debounce(id: "a", for: .milliseconds(100)))
    second.send(3, .cancelPrevious(id: "a"))
    // Taken one at a time, #2's debounce starts its quiet period over as it comes: #1 ends debounced.
    #expect(second.look().reasons == [.debounced, .superseded, nil])
  }

  @Test func anActionCancelledBeforeItStartsStillSupersedesAsItIsTaken() {
    var batch = Batch()
    batch.send(1, .serial(id: "a"))
    batch.send(2, .cancelPrevious(id: "a"))
    batch.cancelTask(2)
    #expect(batch.look().reasons == [.superseded, .explicit, nil])
  }

  @Test func anActionThatCountsThePlacesUnderItsIDKeepsTheOnesBeforeIt() {
    // One at a time, #2 is dropped as #1 holds the place: #1 must be taken for the cancel to find it.
    var dropNew = Batch()
    dropNew.send(1, .serial(id: "a"))
    dropNew.send(2, .limit(id: "a", max: 1, whenFull: .dropNew))
    dropNew.cancelTask(1)
    #expect(dropNew.look().reasons == [nil, nil, nil])

    // Unless a later command cancels it too: it ends so whether it waits behind #1 or not.
    var serial = Batch()
    serial.send(1, .serial(id: "a"))
    serial.send(2, .serial(id: "a"))
    serial.cancel("a")
    #expect(serial.look().reasons == [.explicit, .explicit, nil])
  }

  @Test func anActionItsOwnPolicyMayRefuseIsNeverDroppedAhead() {
    for policy in [
      ActionPolicy.limit(id: "a", max: 1, whenFull: .dropNew), .limit(id: "a", max: 2, whenFull: .cancelOldest),
      .throttle(id: "a", for: .seconds(1)),
    ] {
      var batch = Batch()
      batch.send(1, policy)
      batch.cancel("a")
      #expect(batch.look().reasons == [nil, nil], "\(policy)")
    }
  }

  @Test func aCancelByPredicateNearerThanASupersedingActionGivesItsReason() {
    var batch = Batch()
    batch.send(1, .cancelPrevious(id: "a"))
    batch.cancel(matching: { _ in true })
    batch.send(2, .cancelPrevious(id: "a"))
    #expect(batch.look().reasons == [.explicit, nil, nil])
  }

  @Test func aMatchingCancelCancelsTheActionsUnderTheIDsItMatches() {
    var batch = Batch()
    batch.send(1, .serial(id: "a"))
    batch.send(2, .serial(id: "b"))
    batch.send(3, .concurrent)
    batch.cancel(matching: { $0.value(as: String.self) == "a" })
    #expect(batch.look().reasons == [.explicit, nil, nil, nil])
  }

  @Test func aCancelReachesAnActionThroughAnyOfItsIDs() {
    var batch = Batch()
    batch.send(1, .serial(id: "a").also(id: "x"))
    batch.send(2, .serial(id: "a").also(id: "y"))
    batch.send(3, .cancelPrevious(id: "y"))
    batch.cancel("x")
    #expect(batch.look().reasons == [.explicit, .superseded, nil, nil])
  }

  @Test func aSupersedingActionCancelsOnlyUnderItsOwnID() {
    var batch = Batch()
    batch.send(1, .serial(id: "x"))
    batch.send(2, .cancelPrevious(id: "a").also(id: "x"))
    #expect(batch.look().reasons == [nil, nil])
  }

  @Test func policiesThatDependOnWhatRunsAreNotLookedAhead() {
    var batch = Batch()
    batch.send(1, .limit(id: "a", max: 2, whenFull: .cancelOldest))
    batch.send(2, .limit(id: "a", max: 2, whenFull: .cancelOldest))
    batch.send(3, .limit(id: "a", max: 2, whenFull: .cancelOldest))
    batch.send(4, .dropNew(id: "a"))
    batch.send(5, .dropNew(id: "a"))
    batch.send(6, .throttle(id: "a", for: .milliseconds(100)))
    batch.send(7, .throttle(id: "a", for: .milliseconds(100)))
    batch.send(8, .concurrent(id: "a"))
    #expect(batch.look().reasons == Array(repeating: nil, count: 8))
  }

  @Test func anActionThatGoesNowhereIsNeitherKeptNorCancelled() {
    var batch = Batch()
    batch.send(1, nil)
    batch.cancelTask(1)
    let (lookahead, reasons) = batch.look()
    // Cancelled through its handle, it never starts; but no policy is kept for it.
    #expect(reasons == [.explicit, nil])
    #expect(lookahead.policy(at: 0) == nil)
  }

  @Test func aCancelReachesOnlyTheActionsBeforeIt() {
    var batch = Batch()
    batch.cancel("a")
    batch.send(1, .serial(id: "a"))
    batch.send(2, .serial(id: "a"))
    #expect(batch.look().reasons == [nil, nil, nil])
  }

  @Test func thePoliciesAreKeptByIndexForTheActionsUnderAnID() {
    var batch = Batch()
    batch.send(1, .concurrent)
    batch.send(2, .serial(id: "a"))
    batch.cancel("b")
    batch.send(3, .concurrent)
    batch.send(4, .debounce(id: "a", for: .milliseconds(100)))
    batch.send(5, .concurrent)
    let (lookahead, _) = batch.look()
    let policies = (0..<7).map { lookahead.policy(at: $0)?.description }
    #expect(policies == [nil, #"serial(id: "a")"#, nil, nil, #"debounce(id: "a", for: 0.1 seconds)"#, nil, nil])
  }

  @Test func resettingForgetsTheBatch() {
    var batch = Batch()
    batch.send(1, .serial(id: "a"))
    batch.cancel("a")
    var (lookahead, _) = batch.look()
    lookahead.reset()
    #expect(!lookahead.isActive)
    #expect(lookahead.fate(at: 0) == nil)
    #expect(lookahead.policy(at: 0) == nil)
  }

  @Test func theSupersedeRuleIsWrittenOnce() {
    let policies: [(ActionPolicy, CancellationReason?)] = [
      (.concurrent, nil),
      (.concurrent(id: "a"), nil),
      (.cancelPrevious(id: "a"), .superseded),
      (.limit(id: "a", max: 1, whenFull: .cancelOldest), .superseded),
      (.limit(id: "a", max: 2, whenFull: .cancelOldest), nil),
      (.dropNew(id: "a"), nil),
      (.serial(id: "a"), nil),
      (.serial(id: "a", spacedBy: .seconds(1)), nil),
      (.debounce(id: "a", for: .zero), .debounced),
      (.debounce(id: "a", for: .seconds(1)), .debounced),
      (.throttle(id: "a", for: .seconds(1)), nil),
      (.cancelPrevious(id: "a").also(id: "b"), .superseded),
    ]
    for (policy, reason) in policies { #expect(policy.supersedes == reason, "\(policy)") }
  }

  // MARK: Taken by the store

  @Test func anActionTheLookaheadCancelsIsDroppedAndTheRestAreTakenUnderTheirPolicies() {
    let runtime = SchedulerRuntime()
    let decided = runtime.batch([
      .send(1, .cancelPrevious(id: "a"), runs: nil),
      .send(2, .concurrent, runs: nil),
      .send(3, .serial(id: "b"), runs: nil),
      .cancelTask(3),
      .send(4, .cancelPrevious(id: "a"), runs: nil),
    ])
    // #2's handler runs between #1 and #4, and could cancel #1 first: #4's supersession is not looked
    // back past it, so #1 starts and #4 supersedes it when its turn comes.
    #expect(
      decided == [
        "start #1 in a", "start #2", "drop #3 explicit (looked ahead)",
        "cancel #1 superseded", "start #4 in a",
      ])
    #expect(runtime.log == ["start 1", "start 2", "start 4"])
  }
}
