import Testing

@testable import Actuate

/// The delivery tracker a store's home makes the first time it is asked: one for the home, whoever asks
/// first, and gone with the home.
@Suite("Delivery tracker lifetime")
struct DeliveryTrackerLifetimeTests {
  @Test func aHomeMakesNoTrackerUntilAsked() {
    let home = RecordHome()
    #expect(home.deliveriesIfMade == nil)
    let tracker = home.deliveries
    #expect(home.deliveriesIfMade === tracker)
    #expect(home.deliveries === tracker)
  }

  /// Bounded: 200 homes, four first askers each, racing to make the tracker.
  @Test func everyFirstAskerGetsTheOneTrackerItsHomeKeeps() async {
    for _ in 0..<200 {
      let home = RecordHome()
      let trackers = await withTaskGroup(of: DeliveryTracker.self) { group in
        for _ in 0..<4 { group.addTask { home.deliveries } }
        var trackers: [DeliveryTracker] = []
        for await tracker in group { trackers.append(tracker) }
        return trackers
      }
      let kept = home.deliveriesIfMade
      #expect(kept != nil)
      #expect(trackers.allSatisfy { $0 === kept })
    }
  }

  @Test func theTrackerGoesWithItsHome() {
    weak var tracker: DeliveryTracker?
    do {
      let home = RecordHome()
      tracker = home.deliveries
      #expect(tracker != nil)
    }
    #expect(tracker == nil)
  }
}
