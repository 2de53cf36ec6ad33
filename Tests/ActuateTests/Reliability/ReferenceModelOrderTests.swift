@testable import Actuate
import Testing

/// The reference model leaves open only the order the contract leaves open: in which order cancelled
/// handlers return, and so the order of what each return starts.
@Suite("Reliability: the orders the model leaves open")
struct ReferenceModelOrderTests {
  /// Two serial groups, each with a running job and one waiting behind it; both running jobs are cancelled
  /// at once.
  private func twoGroupsCancelledTogether() -> ReferenceModel {
    var model = ReferenceModel()
    for (number, group) in [(0, "a"), (1, "a"), (2, "b"), (3, "b")] {
      model.send(ModelJob(number: number, kind: .serial, group: group, duration: 5))
    }
    model.batch([.cancelJob(0), .cancelJob(2)])
    return model
  }

  @Test func whatEachCancelledHandlersReturnStartsMayComeInEitherOrder() {
    let model = twoGroupsCancelledTogether()
    #expect(model.log == ["start 0", "start 2", "start 1", "start 3"])
    #expect(model.allows(["start 0", "start 2", "start 1", "start 3"]))
    #expect(model.allows(["start 0", "start 2", "start 3", "start 1"]))
  }

  @Test func everythingElseKeepsItsOrder() {
    let model = twoGroupsCancelledTogether()
    #expect(!model.allows(["start 2", "start 0", "start 1", "start 3"]))
    #expect(!model.allows(["start 0", "start 2", "start 1", "start 1"]))
    #expect(!model.allows(["start 0", "start 2", "start 1"]))
  }
}
