import Foundation

/// The command line: `actuate-benchmarks [--quick] [--json path] [--filter name]… [--runs n]`.
struct Options {
  var quick = false
  var jsonPath: String?
  var filters: [String] = []
  var runs: Int?
  var showHelp = false

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  static let usage = """
    usage: actuate-benchmarks [--quick] [--json path] [--filter name]... [--runs n]

      --quick        every scenario once, at a fraction of its size; checks results, asserts no timing (for CI)
      --json path    also write the results as JSON
      --filter name  only scenarios whose name contains `name` (repeatable)
      --runs n       timed runs per side after the warm-up (default 5; 1 with --quick)
    """

  init(parsing arguments: [String]) throws(UsageError) {
    var remaining = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--json": jsonPath = try value(for: argument)
      case "--filter": filters.append(try value(for: argument))
      case "--runs":
        guard let runs = Int(try value(for: argument)), runs > 0 else {
          throw UsageError(description: "--runs needs a positive number")
        }
        self.runs = runs
      case "-h", "--help": showHelp = true
      default: throw UsageError(description: "unknown argument \(argument)")
      }
    }
  }

  func selects(_ name: String) -> Bool {
    filters.isEmpty || filters.contains { name.localizedCaseInsensitiveContains($0) }
  }

  var settings: Settings {
    Settings(quick: quick, runs: runs ?? (quick ? 1 : 5), warmUps: quick ? 0 : 1)
  }
}
