import CartService
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "bench" {
  let numbers = arguments.dropFirst().compactMap { Int($0) }
  await SessionBench.run(rounds: numbers.first ?? 5, adds: numbers.dropFirst().first ?? 640_000)
  exit(0)
}
if arguments.contains("--help") || arguments.contains("-h") {
  print(ServiceConfiguration.usage)
  exit(0)
}
let configuration: ServiceConfiguration
do {
  configuration = try ServiceConfiguration(arguments: arguments, environment: ProcessInfo.processInfo.environment)
} catch {
  FileHandle.standardError.write(Data("cart-service: \(error)\n\(ServiceConfiguration.usage)\n".utf8))
  exit(2)
}
do {
  try await CartServer.run(configuration)
} catch {
  FileHandle.standardError.write(Data("cart-service: \(error)\n".utf8))
  exit(1)
}
