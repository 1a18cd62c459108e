import Lamina

/// Builds a `Scene` from fuzzer bytes through the public model API, for the structured fuzz targets
/// (plan, cpu, gpu). Not JSON: every byte is a choice or a number (`FuzzBytes`).
///
/// The scene obeys what `SceneDecoder` enforces — canvas 1…256 px a side (kept small so renders are
/// fast), opacities and color components in 0…1, radii, border widths and rect sizes ≥ 0, scales > 0,
/// every number finite, SVG paths as the parser makes them — but otherwise takes any value, extreme
/// finite magnitudes included. The tree has at most `maxLayers` layers and `maxDepth` levels.
///
/// Layout of the bytes: canvas (side, side, scale, background, groupOpacity), then the root layer, then
/// the time at which a scene with animations is sampled (`Scene.presentation(at:)`). The scene's `fonts`
/// holds DejaVu Sans as "fuzz" when the system has it (`sceneFont`).
/// A layer is its frame (4 numbers) followed by property operations, one byte each plus their
/// arguments, until operation 0 (or the end of the bytes); see `Operation`.
struct SceneFromBytes {
    static let maxLayers = 40
    static let maxDepth = 8
    static let maxOperations = 32
    static let colorNames = Color.named.keys.sorted()

    var input: FuzzBytes
    private var layersLeft = SceneFromBytes.maxLayers

    init(_ bytes: [UInt8]) { input = FuzzBytes(bytes) }

    /// The scene the bytes describe.
    static func scene(from bytes: [UInt8]) -> Scene {
        var builder = SceneFromBytes(bytes)
        return builder.scene()
    }

    /// The operations that set a layer's properties, in byte order (0 ends the layer).
    enum Operation: Int, CaseIterable {
        case end, frame, bounds, position, anchorPoint, affineTransform, zPosition, hidden, opacity
        case allowsGroupOpacity, backgroundColor, cornerRadius, maskedCorners, cornerCurve, masksToBounds
        case border, shadow, shadowPath, contents, contentsRect, contentsCenter, contentsGravity
        case contentsScale, filters, rasterize, mask, sublayers
        case text, gradient, shape, contentAnimation
    }

    mutating func scene() -> Scene {
        let pw = input.int(in: 1...256), ph = input.int(in: 1...256)
        var scale = input.pick([1, 2, 3, 0.5, 1.5, 0.25, 1.0 / 3, 0.001, 1000, 4])
        var width = Double(pw) / scale, height = Double(ph) / scale
        if !Self.canvasFits(width * scale) || !Self.canvasFits(height * scale) {
            scale = 1
            width = Double(pw)
            height = Double(ph)
        }
        let background = color()
        let groupOpacity = !input.bool()
        let root = layer(depth: 1)
        var scene = Scene(width: width, height: height, scale: scale, background: background,
                          groupOpacity: groupOpacity, root: root)
        if let font = Self.sceneFont { scene.fonts[Self.sceneFontName] = font }
        let time = input.pick([0.1, 0, 0.125, 0.5, 1e-10, 3e9])
        return scene.hasAnimations ? scene.presentation(at: time) : scene
    }

    private static func canvasFits(_ pixels: Double) -> Bool {
        pixels.rounded() >= 1 && pixels.rounded() <= 256
    }

    mutating func layer(depth: Int) -> Layer {
        layersLeft -= 1
        var layer = Layer()
        layer.setFrame(rect())
        for _ in 0..<Self.maxOperations {
            let raw = input.choice(Operation.allCases.count)
            guard let op = Operation(rawValue: raw), op != .end else { break }
            apply(op, to: &layer, depth: depth)
        }
        return layer
    }

    private mutating func apply(_ op: Operation, to layer: inout Layer, depth: Int) {
        switch op {
        case .end: break
        case .frame: layer.setFrame(rect())
        case .bounds: layer.bounds = rect()
        case .position: layer.position = point()
        case .anchorPoint: layer.anchorPoint = input.bool() ? Point(input.unit(), input.unit()) : point()
        case .affineTransform: layer.affineTransform = transform()
        case .zPosition: layer.zPosition = input.number()
        case .hidden: layer.isHidden = input.bool()
        case .opacity: layer.opacity = input.unit()
        case .allowsGroupOpacity: layer.allowsGroupOpacity = input.pick([nil, true, false])
        case .backgroundColor: layer.backgroundColor = color()
        case .cornerRadius: layer.cornerRadius = input.nonNegative(scale: 0.25)
        case .maskedCorners: layer.maskedCorners = CornerMask(rawValue: Int(input.byte() & 0xF))
        case .cornerCurve: layer.cornerCurve = input.pick(CornerCurve.allCases)
        case .masksToBounds: layer.masksToBounds = input.bool()
        case .border:
            layer.borderWidth = input.nonNegative(scale: 0.125)
            layer.borderColor = color()
        case .shadow:
            layer.shadowOpacity = input.unit()
            layer.shadowRadius = input.nonNegative(scale: 0.25)
            layer.shadowOffset = Size(input.number(scale: 0.25), input.number(scale: 0.25))
            layer.shadowColor = color()
        case .shadowPath: layer.shadowPath = path()
        case .contents: if layer.content == nil { layer.contents = input.pick([nil] + FuzzImages.all) }
        case .contentsRect: layer.contentsRect = unitRect()
        case .contentsCenter: layer.contentsCenter = unitRect()
        case .contentsGravity: layer.contentsGravity = input.pick(ContentsGravity.allCases)
        case .contentsScale: layer.contentsScale = scaleFactor()
        case .filters:
            layer.minificationFilter = input.pick(ScalingFilter.allCases)
            layer.magnificationFilter = input.pick(ScalingFilter.allCases)
            layer.minificationFilterBias = input.number(scale: 1.0 / 16)
        case .rasterize:
            layer.shouldRasterize = !input.bool()
            layer.rasterizationScale = scaleFactor()
        case .mask:
            guard depth < Self.maxDepth, layersLeft > 0 else { break }
            layer.mask = self.layer(depth: depth + 1)
        case .sublayers:
            let count = input.int(in: 1...4)
            for _ in 0..<count where depth < Self.maxDepth && layersLeft > 0 {
                layer.sublayers.append(self.layer(depth: depth + 1))
            }
        case .text:
            layer.contents = nil
            layer.text = textContent()
        case .gradient:
            layer.contents = nil
            layer.gradient = gradientContent()
        case .shape:
            layer.contents = nil
            layer.shape = shapeContent()
        case .contentAnimation: contentAnimation(for: &layer)
        }
    }

    /// A scale > 0: mostly 1, 2, 3 or 0.5, sometimes any positive number.
    mutating func scaleFactor() -> Double {
        input.choice(3) == 2 ? input.positive(scale: 1.0 / 32) : input.pick([1, 2, 3, 0.5])
    }

    mutating func point() -> Point { Point(input.number(), input.number()) }

    /// `[x, y, width, height]` with width and height ≥ 0.
    mutating func rect() -> Rect { Rect(input.number(), input.number(), input.nonNegative(), input.nonNegative()) }

    /// A rect in the unit square mostly (contentsRect, contentsCenter), sometimes any rect.
    mutating func unitRect() -> Rect {
        input.choice(4) == 3 ? rect() : Rect(input.unit(), input.unit(), input.unit(), input.unit())
    }

    /// A straight-alpha color: one of the named colors or components in 0…1.
    mutating func color() -> Color {
        if input.choice(4) == 0 { return Color.named[input.pick(Self.colorNames)] ?? .clear }
        return Color(red: input.unit(), green: input.unit(), blue: input.unit(), alpha: input.unit())
    }

    mutating func transform() -> AffineTransform {
        switch input.choice(6) {
        case 0: return .identity
        case 1: return .rotation(input.number(scale: 1.0 / 32))
        case 2: return .scale(input.number(scale: 1.0 / 16), input.number(scale: 1.0 / 16))
        case 3: return .translation(input.number(), input.number())
        case 4:
            let x = input.number(scale: 1.0 / 16), y = input.number(scale: 1.0 / 16)
            return AffineTransform(a: x, b: y, c: x, d: y, tx: input.number(), ty: input.number())
        default:
            return AffineTransform(a: input.number(scale: 1.0 / 16), b: input.number(scale: 1.0 / 16),
                                   c: input.number(scale: 1.0 / 16), d: input.number(scale: 1.0 / 16),
                                   tx: input.number(), ty: input.number())
        }
    }
}
