/// The layer properties an animation may drive (SCENE_FORMAT.md "Animations (v1.1)"; the transform
/// key paths of "More animations (v1.3)"), with `CALayer`'s key-path names.
public enum AnimationKeyPath: String, Hashable, Sendable, CaseIterable {
    case position
    case positionX = "position.x"
    case positionY = "position.y"
    case anchorPoint, shadowOffset
    case opacity, cornerRadius, borderWidth, shadowOpacity, shadowRadius, zPosition
    case bounds, contentsRect
    case backgroundColor, borderColor, shadowColor
    case affineTransform
    /// Radians: the rotation of the decomposed `affineTransform` (`DecomposedTransform.angle`).
    case transformRotation = "transform.rotation"
    /// The same as `transformRotation` (the z axis is the only one of a 2-D transform).
    case transformRotationZ = "transform.rotation.z"
    /// Reads (sx + sy) / 2 of the decomposed transform and sets both scales.
    case transformScale = "transform.scale"
    case transformScaleX = "transform.scale.x"
    case transformScaleY = "transform.scale.y"
    /// A size: the decomposed transform's translation (tx, ty).
    case transformTranslation = "transform.translation"
    case transformTranslationX = "transform.translation.x"
    case transformTranslationY = "transform.translation.y"
    /// `CATextLayer` (v1.2).
    case fontSize, foregroundColor
    /// `CAGradientLayer` (v1.2): colors (the same count), locations, start and end points.
    case colors, locations, startPoint, endPoint
    /// `CAShapeLayer` (v1.2): `path` between paths of the same commands.
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd

    /// The kind of value a key path takes.
    public enum ValueKind: String, Hashable, Sendable {
        case number, point, size, rect, color, transform
        /// An array of colors (a gradient's stops) or of numbers (its locations).
        case colors, numbers
        case path
    }

    /// The layer class whose property this is; nil for a property of every layer.
    public var layerClass: LayerClass? {
        switch self {
        case .fontSize, .foregroundColor: return .text
        case .colors, .locations, .startPoint, .endPoint: return .gradient
        case .path, .fillColor, .strokeColor, .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd: return .shape
        default: return nil
        }
    }

    public var valueKind: ValueKind {
        switch self {
        case .position, .anchorPoint, .startPoint, .endPoint: return .point
        case .shadowOffset: return .size
        case .fontSize, .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd: return .number
        case .foregroundColor, .fillColor, .strokeColor: return .color
        case .colors: return .colors
        case .locations: return .numbers
        case .path: return .path
        case .positionX, .positionY, .opacity, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius, .zPosition,
             .transformRotation, .transformRotationZ, .transformScale, .transformScaleX, .transformScaleY,
             .transformTranslationX, .transformTranslationY:
            return .number
        case .transformTranslation: return .size
        case .bounds, .contentsRect: return .rect
        case .backgroundColor, .borderColor, .shadowColor: return .color
        case .affineTransform: return .transform
        }
    }

    /// The property this key path writes: `position.x` and `position.y` write `position`, the
    /// `transform.` key paths `affineTransform`.
    public var property: AnimationKeyPath {
        switch self {
        case .positionX, .positionY: return .position
        case .transformRotation, .transformRotationZ, .transformScale, .transformScaleX, .transformScaleY,
             .transformTranslation, .transformTranslationX, .transformTranslationY:
            return .affineTransform
        default: return self
        }
    }

    /// The layer's own (model) value at this key path.
    public func value(of layer: Layer) -> AnimationValue {
        switch self {
        case .position: return .point(layer.position)
        case .positionX: return .number(layer.position.x)
        case .positionY: return .number(layer.position.y)
        case .anchorPoint: return .point(layer.anchorPoint)
        case .shadowOffset: return .size(layer.shadowOffset)
        case .opacity: return .number(layer.opacity)
        case .cornerRadius: return .number(layer.cornerRadius)
        case .borderWidth: return .number(layer.borderWidth)
        case .shadowOpacity: return .number(layer.shadowOpacity)
        case .shadowRadius: return .number(layer.shadowRadius)
        case .zPosition: return .number(layer.zPosition)
        case .bounds: return .rect(layer.bounds)
        case .contentsRect: return .rect(layer.contentsRect)
        case .backgroundColor: return .color(layer.backgroundColor)
        case .borderColor: return .color(layer.borderColor)
        case .shadowColor: return .color(layer.shadowColor)
        case .affineTransform: return .transform(layer.affineTransform)
        case .fontSize, .foregroundColor, .colors, .locations, .startPoint, .endPoint, .path, .fillColor, .strokeColor,
             .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd:
            return contentValue(of: layer)
        default: return transformComponent(of: DecomposedTransform(layer.affineTransform))
        }
    }

    private func transformComponent(of d: DecomposedTransform) -> AnimationValue {
        switch self {
        case .transformRotation, .transformRotationZ: return .number(d.angle)
        case .transformScale: return .number((d.scaleX + d.scaleY) / 2)
        case .transformScaleX: return .number(d.scaleX)
        case .transformScaleY: return .number(d.scaleY)
        case .transformTranslation: return .size(Size(d.translateX, d.translateY))
        case .transformTranslationX: return .number(d.translateX)
        default: return .number(d.translateY)
        }
    }

    /// Decomposes the layer's transform, replaces this key path's component with `value` and composes it again.
    private func setTransformComponent(_ value: AnimationValue, on layer: inout Layer) {
        var d = DecomposedTransform(layer.affineTransform)
        switch (self, value) {
        case (.transformRotation, .number(let n)), (.transformRotationZ, .number(let n)): d.angle = n
        case (.transformScale, .number(let n)): d.scaleX = n; d.scaleY = n
        case (.transformScaleX, .number(let n)): d.scaleX = n
        case (.transformScaleY, .number(let n)): d.scaleY = n
        case (.transformTranslation, .size(let s)): d.translateX = s.width; d.translateY = s.height
        case (.transformTranslationX, .number(let n)): d.translateX = n
        case (.transformTranslationY, .number(let n)): d.translateY = n
        default: return
        }
        layer.affineTransform = d.transform
    }

    /// Writes `value` at this key path, brought into the property's valid range (an easing curve that
    /// overshoots can carry a value past its endpoints): opacities and color components to 0…1, radii,
    /// widths and sizes of rects to ≥ 0. A value of another kind changes nothing.
    public func set(_ value: AnimationValue, on layer: inout Layer) {
        switch (self, value) {
        case (.position, .point(let p)): layer.position = p
        case (.positionX, .number(let n)): layer.position.x = n
        case (.positionY, .number(let n)): layer.position.y = n
        case (.anchorPoint, .point(let p)): layer.anchorPoint = p
        case (.shadowOffset, .size(let s)): layer.shadowOffset = s
        case (.opacity, .number(let n)): layer.opacity = AnimationKeyPath.unit(n)
        case (.cornerRadius, .number(let n)): layer.cornerRadius = max(n, 0)
        case (.borderWidth, .number(let n)): layer.borderWidth = max(n, 0)
        case (.shadowOpacity, .number(let n)): layer.shadowOpacity = AnimationKeyPath.unit(n)
        case (.shadowRadius, .number(let n)): layer.shadowRadius = max(n, 0)
        case (.zPosition, .number(let n)): layer.zPosition = n
        case (.bounds, .rect(let r)): layer.bounds = AnimationKeyPath.nonNegativeSize(r)
        case (.contentsRect, .rect(let r)): layer.contentsRect = AnimationKeyPath.nonNegativeSize(r)
        case (.backgroundColor, .color(let c)): layer.backgroundColor = AnimationKeyPath.unit(c)
        case (.borderColor, .color(let c)): layer.borderColor = AnimationKeyPath.unit(c)
        case (.shadowColor, .color(let c)): layer.shadowColor = AnimationKeyPath.unit(c)
        case (.affineTransform, .transform(let t)): layer.affineTransform = t
        default:
            if property == .affineTransform { setTransformComponent(value, on: &layer) } else if layerClass != nil { setContent(value, on: &layer) }
        }
    }

    static func unit(_ n: Double) -> Double { min(max(n, 0), 1) }

    static func unit(_ c: Color) -> Color {
        Color(red: unit(c.red), green: unit(c.green), blue: unit(c.blue), alpha: unit(c.alpha))
    }

    private static func nonNegativeSize(_ r: Rect) -> Rect {
        Rect(r.origin.x, r.origin.y, max(r.size.width, 0), max(r.size.height, 0))
    }
}
