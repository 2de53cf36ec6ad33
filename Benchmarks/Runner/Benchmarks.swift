import Foundation

enum Benchmarks {
  static func main(arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options(parsing: arguments)
    } catch {
      FileHandle.standardError.write(Data("\(error)\n\n\(Options.usage)\n".utf8))
      return 2
    }
    if options.showHelp {
      print(Options.usage)
      return 0
    }
    let selected = Catalog.all.filter { options.selects($0.name) }
    if selected.isEmpty {
      FileHandle.standardError.write(
        Data(
          "No scenario matches \(options.filters). Scenarios: \(Catalog.all.map(\.name).joined(separator: ", "))\n".utf8
        ))
      return 2
    }

    let machine = Machine.current()
    let settings = options.settings
    print(machine.header(settings: settings, command: CommandLine.arguments.joined(separator: " ")))
    print()

    var results: [ScenarioResult] = []
    for scenario in selected {
      // A line before each scenario, so a slow or hanging one is obvious in CI logs.
      StandardOutput.progress("running \(scenario.name)…")
      let result: ScenarioResult
      do {
        result = try await scenario.run(settings)
      } catch {
        result = ScenarioResult(failed: scenario.name, target: scenario.target, message: "\(error)")
      }
      results.append(result)
    }
    print()
    print(Table(results: results).render())

    if let path = options.jsonPath {
      do {
        try Report(machine: machine, settings: settings, results: results).write(to: path)
        print("\nJSON written to \(path)")
      } catch {
        FileHandle.standardError.write(Data("Could not write \(path): \(error)\n".utf8))
        return 1
      }
    }
    return results.contains { $0.status == .failed } ? 1 : 0
  }
}
