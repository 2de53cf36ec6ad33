import Foundation

/// The JSON form of a run, for tracking figures across commits.
struct Report: Encodable {
  let machine: Machine
  let mode: String
  let runs: Int
  let warmUps: Int
  let results: [ScenarioResult]

  init(machine: Machine, settings: Settings, results: [ScenarioResult]) {
    self.machine = machine
    mode = settings.mode
    runs = settings.runs
    warmUps = settings.warmUps
    self.results = results
  }

  func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }
}
