// `import CoreGraphics` as on Apple platforms: Core Graphics' names (`CGPath`, `CGColor`,
// `CGContext`, ...) live in the UIKit compatibility module, which this re-exports
// (`CGFloat`, `CGPoint`, `CGSize` and `CGRect` come with Foundation).
@_exported import UIKit
