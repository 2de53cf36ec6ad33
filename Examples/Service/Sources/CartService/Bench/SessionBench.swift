import Foundation

/// The cost of adding an item through each kind of session, in this process and without HTTP, so that the
/// store's share of a request's cost shows apart from the server's: 64 tasks add to 100 carts at once, as
/// Scripts/load.sh's connections do. `cart-service bench [rounds] [adds]` runs it; build it for release.
public enum SessionBench {
  /// Prints a table of the wall and CPU time per add, for stores and actors in turn, `rounds` times.
  public static func run(rounds: Int = 5, adds: Int = 640_000) async {
    print("| round | carts held by | wall time per add (µs) | CPU time per add (µs) |")
    print("| --- | --- | --- | --- |")
    for round in 1...rounds {
      await measure(StoreCartSession.self, label: "store", round: round, adds: adds)
      await measure(ActorCartSession.self, label: "actor", round: round, adds: adds)
    }
  }

  private static let tasks = 64
  private static let cartCount = 100

  /// The process's CPU time, user and system, in seconds.
  private static func cpuTime() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
    let microseconds = usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    return Double(seconds) + Double(microseconds) / 1e6
  }

  /// Adds `adds` items across the carts from `tasks` tasks, and prints the wall and CPU time per add.
  private static func measure<Session: CartSession>(_: Session.Type, label: String, round: Int, adds: Int) async {
    let carts = (0..<cartCount).map { Session(name: "cart\($0)", services: CartServices()) }
    let clock = ContinuousClock()
    let cpuBefore = cpuTime()
    let elapsed = await clock.measure {
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<tasks {
          group.addTask {
            for add in 0..<(adds / tasks) {
              // A cart in memory refuses nothing; an add refused would show in the total below.
              _ = try? await carts[(task + add) % cartCount].perform(.add(sku: "apple", quantity: 1))
            }
          }
        }
      }
    }
    let cpu = cpuTime() - cpuBefore
    let total = await carts.asyncReduce(0) { $0 + ((try? await $1.read().itemCount) ?? 0) }
    precondition(total == adds / tasks * tasks, "lost adds: \(total)")
    for cart in carts { cart.stop() }
    let wall = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    print(
      "| \(round) | \(label) | \(String(format: "%.2f", wall / Double(adds) * 1e6)) | \(String(format: "%.2f", cpu / Double(adds) * 1e6)) |"
    )
  }
}

extension Sequence {
  fileprivate func asyncReduce<Result>(_ initial: Result, _ next: (Result, Element) async -> Result) async -> Result {
    var result = initial
    for element in self { result = await next(result, element) }
    return result
  }
}
