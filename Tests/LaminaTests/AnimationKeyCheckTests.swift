import Testing
@testable import Lamina

/// What `add(_:forKey:)` refuses (values of another kind, key paths of another layer class) and how the
/// property setters bring numbers into the range Core Animation draws.
@Suite struct AnimationKeyCheckTests {
    @Test func liveAddRefusesAValueOfAnotherKindNamingBoth() throws {
        let layer = LiveLayer()
        try layer.add(Animation(keyPath: .opacity, to: .number(0.5)), forKey: "fade")
        let wrong = Animation(keyPath: .opacity, from: .point(Point(1, 2)), to: .number(0))
        #expect(throws: AnimationError.wrongValueKind(keyPath: .opacity, expected: .number, got: .point)) {
            try layer.add(wrong, forKey: "fade")
        }
        #expect(AnimationError.wrongValueKind(keyPath: .opacity, expected: .number, got: .point).description
                == "\"opacity\" takes a number, got a point")
        // The refused animation changed nothing: the keyed one is still there.
        #expect(layer.animationKeys == ["fade"] && layer.animation(forKey: "fade")?.to == .number(0.5))
        var value = Layer()
        #expect(throws: AnimationError.wrongValueKind(keyPath: .opacity, expected: .number, got: .point)) {
            try value.add(wrong, forKey: "fade")
        }
    }

    @Test func liveAddReplacesTheAnimationOfTheSameKey() throws {
        let tree = LayerTree(scene: Scene(width: 10, height: 10, root: Layer()))
        let layer = tree.root
        try layer.add(Animation(keyPath: .opacity, from: .number(1), to: .number(0), duration: 1), forKey: "fade")
        try layer.add(Animation(keyPath: .cornerRadius, to: .number(8), duration: 1), forKey: nil)
        try layer.add(Animation(keyPath: .opacity, from: .number(1), to: .number(0.5), duration: 1), forKey: "fade")
        #expect(layer.animations.count == 2)
        #expect(layer.animationKeys == ["fade"])
        #expect(layer.animation(forKey: "fade")?.to == .number(0.5))
        #expect(tree.nextFrame(at: 0.5).scene.root.opacity == 0.75)
        layer.removeAnimation(forKey: "fade")
        #expect(layer.animationKeys.isEmpty && layer.animations.count == 1)
        layer.removeAllAnimations()
        #expect(layer.animations.isEmpty)
    }

    @Test func aSubclassKeyPathOnALayerOfAnotherClassIsRefused() throws {
        let plain = LiveLayer()
        #expect(throws: AnimationError.wrongLayerClass(keyPath: .fontSize, expected: .text, got: .layer)) {
            try plain.add(Animation(keyPath: .fontSize, to: .number(20)), forKey: "grow")
        }
        #expect(plain.animations.isEmpty)
        #expect(AnimationError.wrongLayerClass(keyPath: .lineWidth, expected: .shape, got: .text).description
                == "\"lineWidth\" is a property of CAShapeLayer, not of a CATextLayer")
        let text = LiveLayer(Layer.text("Hi"))
        try text.add(Animation(keyPath: .fontSize, to: .number(20)), forKey: "grow")
        let group = try Animation.group([Animation(keyPath: .opacity, to: .number(0)), Animation(keyPath: .lineWidth, to: .number(4))])
        #expect(throws: AnimationError.wrongLayerClass(keyPath: .lineWidth, expected: .shape, got: .text)) {
            try text.add(group, forKey: "both")
        }
        var shape = Layer.shape(ShapeContent(path: .rect(Rect(0, 0, 10, 10))))
        try shape.add(group, forKey: "both")
        #expect(throws: AnimationError.wrongLayerClass(keyPath: .colors, expected: .gradient, got: .shape)) {
            try shape.add(Animation(keyPath: .colors, values: [.colors([.white, .black]), .colors([.black, .white])]))
        }
    }

    @Test func settersClampAsCoreAnimationDraws() {
        var l = Layer()
        l.opacity = 3
        #expect(l.opacity == 1)
        l.opacity = -0.5
        #expect(l.opacity == 0)
        l.opacity = .nan
        #expect(l.opacity == 1)
        l.cornerRadius = -5
        #expect(l.cornerRadius == 0)
        l.cornerRadius = .infinity
        #expect(l.cornerRadius == 0)
        l.borderWidth = -2
        #expect(l.borderWidth == 0)
        l.shadowOpacity = 1.5
        #expect(l.shadowOpacity == 1)
        l.shadowOpacity = .nan
        #expect(l.shadowOpacity == 0)
        l.shadowRadius = -1
        #expect(l.shadowRadius == 0)
        l.shadowRadius = .nan
        #expect(l.shadowRadius == 3)
        l.cornerRadius = 12.5
        #expect(l.cornerRadius == 12.5)
        let live = LiveLayer()
        live.opacity = 3
        live.cornerRadius = -5
        #expect(live.opacity == 1 && live.cornerRadius == 0)
    }

    @Test func outOfRangeValuesDrawAsTheirClampedOnes() throws {
        func card(_ configure: (inout Layer) -> Void) throws -> RenderPlan {
            var child = Layer()
            child.setFrame(Rect(10, 10, 50, 50))
            child.backgroundColor = .white
            child.borderColor = .black
            configure(&child)
            var root = Layer()
            root.setFrame(Rect(0, 0, 100, 100))
            root.sublayers = [child]
            return try RenderPlanner.plan(Scene(width: 100, height: 100, root: root))
        }
        let wild = try card { $0.opacity = 3; $0.cornerRadius = -5; $0.borderWidth = -2; $0.shadowOpacity = 2; $0.shadowRadius = -4 }
        let tame = try card { $0.opacity = 1; $0.cornerRadius = 0; $0.borderWidth = 0; $0.shadowOpacity = 1; $0.shadowRadius = 0 }
        #expect(wild.commands == tame.commands)
        #expect(!wild.commands.isEmpty)
    }
}
