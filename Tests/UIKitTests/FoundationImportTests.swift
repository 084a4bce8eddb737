import Dispatch
import Foundation
import Testing

@testable import UIKit

/// A file that imports Foundation and Dispatch as well as UIKit (TransitionButton's): the
/// common forms of `async` and `asyncAfter` are still the module's, on the media clock
/// (they were Dispatch's, which a snapshot never runs).
@MainActor @Suite(.serialized) struct FoundationImportTests {
  @Test func asyncAndAsyncAfterRunOnTheMediaClock() {
    let tree = showInKeyWindow(CALayer())
    nonisolated(unsafe) var ran: [Double] = []
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { ran.append(CACurrentMediaTime()) }
    DispatchQueue.main.async { ran.append(CACurrentMediaTime()) }
    tree.advance(to: .seconds(1))
    #expect(ran.count == 2 && ran[0] == 0 && abs(ran[1] - 0.3) < 0.005, "\(ran)")
  }
}
