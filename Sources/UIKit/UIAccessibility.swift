import Foundation

/// The assistive technologies' state and announcements (UIKit's). None runs here: every
/// setting reads off, as on an iPhone with none turned on, and a posted notification is
/// heard by nobody.
public enum UIAccessibility {
  /// What a program tells assistive technologies.
  public struct Notification: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let screenChanged = Notification(rawValue: 1000)
    public static let layoutChanged = Notification(rawValue: 1001)
    public static let announcement = Notification(rawValue: 1008)
    public static let pageScrolled = Notification(rawValue: 1009)
  }

  /// Tells assistive technologies of `notification`: none listens here.
  public static func post(notification: Notification, argument: Any?) {}

  public static var isVoiceOverRunning: Bool { false }
  public static var isSwitchControlRunning: Bool { false }
  /// Off, so programs that check it animate, as most iPhones do.
  public static var isReduceMotionEnabled: Bool { false }
  public static var isReduceTransparencyEnabled: Bool { false }
  public static var isBoldTextEnabled: Bool { false }
  public static var isDarkerSystemColorsEnabled: Bool { false }
  public static var isGrayscaleEnabled: Bool { false }
  public static var isInvertColorsEnabled: Bool { false }
  public static var prefersCrossFadeTransitions: Bool { false }
  public static var isVideoAutoplayEnabled: Bool { true }
  public static var shouldDifferentiateWithoutColor: Bool { false }
  public static var buttonShapesEnabled: Bool { false }

  /// Posted when a setting changes: never here.
  public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityVoiceOverStatusDidChangeNotification")
  public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityReduceMotionStatusDidChangeNotification")
  public static let reduceTransparencyStatusDidChangeNotification = Foundation.Notification
    .Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
  public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name(
    "UIAccessibilityBoldTextStatusDidChangeNotification")
}
