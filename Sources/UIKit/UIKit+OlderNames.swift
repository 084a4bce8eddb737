import Foundation

// Swift 4.1's names of UIKit's nested types (renamed in Swift 4.2), which code of that age
// still uses, as the module keeps Core Animation's older global constants.

public typealias UIControlEvents = UIControl.Event
public typealias UIControlState = UIControl.State
public typealias UIControlContentHorizontalAlignment = UIControl.ContentHorizontalAlignment
public typealias UIControlContentVerticalAlignment = UIControl.ContentVerticalAlignment
public typealias UIViewAnimationOptions = UIView.AnimationOptions
public typealias UIViewAnimationCurve = UIView.AnimationCurve
public typealias UIViewKeyframeAnimationOptions = UIView.KeyframeAnimationOptions
public typealias UIViewContentMode = UIView.ContentMode
public typealias UIViewAutoresizing = UIView.AutoresizingMask
public typealias UIViewTintAdjustmentMode = UIView.TintAdjustmentMode
public typealias UIBlurEffectStyle = UIBlurEffect.Style
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style
public typealias UIFontWeight = UIFont.Weight
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
public typealias UILayoutConstraintAxis = NSLayoutConstraint.Axis
public typealias UIStackViewDistribution = UIStackView.Distribution
public typealias UIStackViewAlignment = UIStackView.Alignment
public typealias NSLayoutAttribute = NSLayoutConstraint.Attribute
public typealias NSLayoutRelation = NSLayoutConstraint.Relation
public typealias UIImageRenderingMode = UIImage.RenderingMode
public typealias UITouchPhase = UITouch.Phase
public typealias UIButtonType = UIButton.ButtonType
public typealias UISwipeGestureRecognizerDirection = UISwipeGestureRecognizer.Direction
public typealias UIProgressViewStyle = UIProgressView.Style
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType
public typealias UIDeviceBatteryState = UIDevice.BatteryState
public typealias UITouchType = UITouch.TouchType
public typealias UIEventType = UIEvent.EventType
