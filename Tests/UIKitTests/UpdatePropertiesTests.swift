import Foundation
import Observation
import Testing

@testable import UIKit

/// iOS 26's `updateProperties()`: a view's (and its controller's) content and styling, set
/// in the layout pass before the view's own layout, once per request.
@MainActor @Suite(.serialized) struct UpdatePropertiesTests {
  /// What the views and controllers heard, in order.
  final class Log {
    var heard: [String] = []
  }

  final class Badge: UIView {
    var log = Log()
    var name = "badge"
    var count = 0 {
      didSet { setNeedsUpdateProperties() }
    }
    var shownCount = -1
    override func updateProperties() {
      super.updateProperties()
      shownCount = count
      log.heard.append("\(name).properties")
    }
    override func layoutSubviews() {
      super.layoutSubviews()
      log.heard.append("\(name).layout")
    }
  }

  final class Controller: UIViewController {
    var log = Log()
    override func loadView() { view = Badge(frame: CGRect(x: 0, y: 0, width: 40, height: 40)) }
    override func updateProperties() {
      super.updateProperties()
      log.heard.append("controller.properties")
    }
    override func viewWillLayoutSubviews() {
      super.viewWillLayoutSubviews()
      log.heard.append("controller.willLayout")
    }
  }

  /// In the window's frames: the first pass updates the properties, then lays out; a
  /// request (or several) makes one more update at the next frame, and no layout; a layout
  /// request alone updates no properties.
  @Test func theFrameLoopUpdatesPropertiesBeforeLayoutOncePerRequest() {
    let badge = Badge(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let tree = showInWhiteWindow(width: 100, height: 100) { $0.addSubview(badge) }
    #expect(badge.log.heard == ["badge.properties", "badge.layout"], "\(badge.log.heard)")

    badge.log.heard = []
    badge.count = 3
    badge.count = 4
    #expect(badge.log.heard.isEmpty, "asked for, not run at once")
    tree.advance(to: .seconds(1.0 / 60))
    #expect(badge.log.heard == ["badge.properties"], "one update: \(badge.log.heard)")
    #expect(badge.shownCount == 4, "the last value")

    badge.log.heard = []
    tree.advance(to: .seconds(2.0 / 60))
    #expect(badge.log.heard.isEmpty, "nothing asked, nothing run")
    badge.setNeedsLayout()
    tree.advance(to: .seconds(3.0 / 60))
    #expect(badge.log.heard == ["badge.layout"], "\(badge.log.heard)")
  }

  /// `layoutIfNeeded()` runs the pending updates top-down, each view's before its own
  /// layout; `updatePropertiesIfNeeded()` runs them alone, now.
  @Test func layoutIfNeededAndUpdatePropertiesIfNeededRunThePendingUpdates() {
    let log = Log()
    let parent = Badge(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    let child = Badge(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    (parent.log, parent.name, child.log, child.name) = (log, "parent", log, "child")
    parent.addSubview(child)
    parent.layoutIfNeeded()
    #expect(
      log.heard == ["parent.properties", "parent.layout", "child.properties", "child.layout"],
      "\(log.heard)")

    log.heard = []
    child.setNeedsUpdateProperties()
    parent.setNeedsUpdateProperties()
    parent.updatePropertiesIfNeeded()
    #expect(log.heard == ["parent.properties", "child.properties"], "\(log.heard)")
    parent.updatePropertiesIfNeeded()
    #expect(log.heard.count == 2, "none was due any more")
  }

  /// A controller's update comes with its view's, first, before the layout it is told of;
  /// its `setNeedsUpdateProperties()` asks through the view.
  @Test func aControllersUpdateComesWithItsViews() {
    let controller = Controller()
    let view = controller.view as! Badge
    view.log = controller.log
    controller.view.layoutIfNeeded()
    #expect(
      controller.log.heard == [
        "controller.properties", "badge.properties", "controller.willLayout", "badge.layout",
      ], "\(controller.log.heard)")

    controller.log.heard = []
    controller.setNeedsUpdateProperties()
    controller.updatePropertiesIfNeeded()
    #expect(controller.log.heard == ["controller.properties", "badge.properties"])
  }

  @Observable final class Model {
    var width: CGFloat = 0
    var color = "red"
    var unread = 0
  }

  /// A view whose update, layout and drawing read an observable model, and whose layout
  /// writes to it (GradientLoadingBar's bar, sized from its bounds through its model).
  final class ModelView: UIView {
    let model = Model()
    var log = Log()
    override func updateProperties() {
      super.updateProperties()
      log.heard.append("properties \(model.width)")
    }
    override func layoutSubviews() {
      super.layoutSubviews()
      model.width = bounds.width
      log.heard.append("layout \(model.unread)")
    }
    override func draw(_ rect: CGRect) { log.heard.append("draw \(model.color)") }
  }

  /// iOS 26 tracks the observable properties a view reads in `updateProperties()`, its
  /// layout and its drawing, and asks for each again when one of them changes; a property
  /// none of them read asks for nothing.
  @Test func observablePropertiesReadInAPassAskForItAgain() {
    let view = ModelView(frame: CGRect(x: 0, y: 0, width: 30, height: 10))
    let tree = showInWhiteWindow(width: 100, height: 100) { $0.addSubview(view) }
    // The layout's write is heard by the update that read the width.
    tree.advance(to: .seconds(0.1))
    #expect(
      view.log.heard == ["properties 0.0", "layout 0", "draw red", "properties 30.0"],
      "\(view.log.heard)")

    view.log.heard = []
    view.model.unread = 2
    tree.advance(to: .seconds(0.2))
    #expect(view.log.heard == ["layout 2"], "\(view.log.heard)")

    view.log.heard = []
    view.model.color = "blue"
    tree.advance(to: .seconds(0.3))
    #expect(view.log.heard == ["draw blue"], "\(view.log.heard)")

    view.log.heard = []
    view.model.width = 30
    tree.advance(to: .seconds(0.4))
    #expect(view.log.heard.isEmpty, "the same value is no change: \(view.log.heard)")
    view.model.width = 31
    tree.advance(to: .seconds(0.5))
    #expect(view.log.heard == ["properties 31.0"], "\(view.log.heard)")
  }

  /// A change on another thread asks for the update at the next frame, and the tracking
  /// goes on: later changes on the main thread ask again.
  @Test func aChangeOnAnotherThreadAsksAtTheNextFrame() {
    let view = ModelView(frame: CGRect(x: 0, y: 0, width: 30, height: 10))
    let tree = showInWhiteWindow(width: 100, height: 100) { $0.addSubview(view) }
    tree.advance(to: .seconds(0.1))
    view.log.heard = []
    nonisolated(unsafe) let model = view.model
    let done = DispatchSemaphore(value: 0)
    Thread {
      model.width = 40
      done.signal()
    }.start()
    done.wait()
    tree.advance(to: .seconds(0.2))
    #expect(view.log.heard == ["properties 40.0"], "\(view.log.heard)")
    view.log.heard = []
    view.model.width = 50
    tree.advance(to: .seconds(0.3))
    #expect(view.log.heard == ["properties 50.0"], "\(view.log.heard)")
  }
}
