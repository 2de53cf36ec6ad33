/// One random step of the model tests, which `ModelTests` runs through a store and `SchedulerModelTests`
/// through the scheduler alone: the same seeds give both the same steps.
enum ModelStep: CustomStringConvertible {
  case send(ModelJob)
  case cancelGroup(String)
  case cancelJob(Int)
  case advance(Int)
  /// Sends and cancels that reach the store together, before it can take any of them.
  case batch([ReferenceModel.BatchCommand])

  var description: String {
    switch self {
    case .send(let job): "send \(job)"
    case .cancelGroup(let id): "cancel id \(id)"
    case .cancelJob(let number): "cancel #\(number)"
    case .advance(let ticks): "advance \(ticks)"
    case .batch(let commands): "together: " + commands.map(Self.describe).joined(separator: "; ")
    }
  }

  private static func describe(_ command: ReferenceModel.BatchCommand) -> String {
    switch command {
    case .send(let job): "send \(job)"
    case .cancelGroup(let id): "cancel id \(id)"
    case .cancelJob(let number): "cancel #\(number)"
    }
  }
}

/// Which policies the random jobs run under.
enum ModelMix: String {
  /// Every policy, the limits above 1 among them.
  case all
  /// Limits only, of 1 (the shorthands), 2 and 3, so that groups fill up and overflow often.
  case limits
}

extension ModelStep {
  static func randomJob(number: Int, mix: ModelMix, using generator: inout SplitMix64) -> ModelJob {
    let group = ["a", "b"].randomElement(using: &generator)!
    let duration = Int.random(in: 0...3, using: &generator)
    if mix == .limits {
      let max = Int.random(in: 1...3, using: &generator)
      let whenFull = [ModelJob.WhenFull.cancelOldest, .dropNew, .wait].randomElement(using: &generator)!
      let kind: ModelJob.Kind =
        switch (max, whenFull) {
        case (1, .cancelOldest): .cancelPrevious
        case (1, .dropNew): .dropNew
        case (1, .wait): .serial
        default: .limit(max, whenFull)
        }
      return ModelJob(number: number, kind: kind, group: group, duration: duration)
    }
    let kind: ModelJob.Kind =
      switch Int.random(in: 0..<11, using: &generator) {
      case 8: .limit(Int.random(in: 2...3, using: &generator), .cancelOldest)
      case 9: .limit(Int.random(in: 2...3, using: &generator), .dropNew)
      case 10: .limit(Int.random(in: 2...3, using: &generator), .wait)
      case 0: .concurrent
      case 1: .cancelPrevious
      case 2: .dropNew
      case 3: .serial
      case 4: .debounce(Int.random(in: 1...2, using: &generator))
      case 5: .throttle(Int.random(in: 1...2, using: &generator), latest: true)
      case 6: .throttle(Int.random(in: 1...2, using: &generator), latest: false)
      default: .concurrent
      }
    let ungrouped = kind == .concurrent && Bool.random(using: &generator)
    return ModelJob(number: number, kind: kind, group: ungrouped ? nil : group, duration: duration)
  }

  static func random(jobs: Int, mix: ModelMix, using generator: inout SplitMix64) -> ModelStep {
    switch Int.random(in: 0..<24, using: &generator) {
    case 0..<9: .send(randomJob(number: jobs, mix: mix, using: &generator))
    case 9..<11: .cancelGroup(["a", "b"].randomElement(using: &generator)!)
    case 11..<13 where jobs > 0: .cancelJob(Int.random(in: 0..<jobs, using: &generator))
    case 20..<24: .batch(randomBatch(jobs: jobs, mix: mix, using: &generator))
    default: .advance(Int.random(in: 0...3, using: &generator))
    }
  }

  /// Two to five commands, mostly sends, whose cancels may name jobs of the same batch.
  static func randomBatch(jobs: Int, mix: ModelMix, using generator: inout SplitMix64) -> [ReferenceModel.BatchCommand]
  {
    var commands: [ReferenceModel.BatchCommand] = []
    var count = jobs
    for _ in 0..<Int.random(in: 2...5, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<6:
        commands.append(.send(randomJob(number: count, mix: mix, using: &generator)))
        count += 1
      case 6..<8:
        commands.append(.cancelGroup(["a", "b"].randomElement(using: &generator)!))
      default:
        if count > 0 { commands.append(.cancelJob(Int.random(in: 0..<count, using: &generator))) }
      }
    }
    return commands
  }
}
