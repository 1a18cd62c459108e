import Testing
@testable import Lamina

/// Decodes `json` (as "card.json") and returns the error line, or nil when it decodes.
func sceneErrorLine(_ json: String, file: String = "card.json", decoder: SceneDecoder = SceneDecoder()) -> String? {
    do {
        _ = try decoder.decode(json, fileName: file)
        return nil
    } catch {
        return error.description
    }
}

/// A scene document around one root layer body (the part inside the root's braces).
func sceneWithRoot(_ root: String, top: String = "") -> String {
    #"{"width": 100, "height": 50, \#(top) "root": {\#(root)}}"#
}

/// The error for a scene whose root has `body`.
func rootErrorLine(_ body: String) -> String? { sceneErrorLine(sceneWithRoot(body)) }

@Suite struct SceneDecoderTests {
    static let listing43 = """
    {
      "width": 400, "height": 220, "background": "lightGray",
      "root": { "frame": [0,0,400,220], "sublayers": [
        { "name": "layerView1", "frame": [40,40,140,140], "backgroundColor": "white",
          "cornerRadius": 20, "borderWidth": 5,
          "shadowOpacity": 0.5, "shadowOffset": [0,5], "shadowRadius": 5,
          "sublayers": [ { "frame": [-20,-20,60,60], "backgroundColor": "red" } ] },
        { "name": "shadowView", "frame": [220,40,140,140],
          "shadowOpacity": 0.5, "shadowOffset": [0,5], "shadowRadius": 5,
          "sublayers": [
            { "name": "layerView2", "frame": [0,0,140,140], "backgroundColor": "white",
              "cornerRadius": 20, "borderWidth": 5, "masksToBounds": true,
              "sublayers": [ { "frame": [-20,-20,60,60], "backgroundColor": "red" } ] } ] } ] }
    }
    """

    @Test func decodesTheFormatsExample() throws {
        let scene = try SceneDecoder().decode(Self.listing43, fileName: "listing.json")
        #expect(scene.width == 400 && scene.height == 220 && scene.scale == 1)
        #expect(scene.background == Color(white: 2.0 / 3.0))
        #expect(scene.root.bounds == Rect(0, 0, 400, 220))
        #expect(scene.root.position == Point(200, 110))
        let v1 = scene.root.sublayers[0]
        #expect(v1.name == "layerView1")
        #expect(v1.bounds == Rect(0, 0, 140, 140) && v1.position == Point(110, 110))
        #expect(v1.backgroundColor == .white && v1.cornerRadius == 20 && v1.borderWidth == 5)
        #expect(v1.shadowOpacity == 0.5 && v1.shadowOffset == Size(0, 5) && v1.shadowRadius == 5)
        #expect(v1.sublayers[0].position == Point(10, 10))
        #expect(scene.root.sublayers[1].sublayers[0].masksToBounds)
        #expect(scene.pixelWidth == 400 && scene.pixelHeight == 220)
    }

    @Test func appliesEveryDefault() throws {
        let scene = try SceneDecoder().decode(sceneWithRoot(""))
        #expect(scene.scale == 1 && scene.background == .clear && scene.groupOpacity)
        #expect(scene.root == Layer())
        let l = scene.root
        #expect(l.name == nil && l.bounds == .zero && l.position == .zero && l.anchorPoint == Point(0.5, 0.5))
        #expect(l.affineTransform == .identity && l.zPosition == 0 && !l.isHidden && l.opacity == 1)
        #expect(l.allowsGroupOpacity == nil && l.backgroundColor == .clear && l.cornerRadius == 0)
        #expect(l.maskedCorners == .all && l.cornerCurve == .circular && !l.masksToBounds)
        #expect(l.borderWidth == 0 && l.borderColor == .black)
        #expect(l.shadowOpacity == 0 && l.shadowColor == .black && l.shadowOffset == Size(0, -3) && l.shadowRadius == 3)
        #expect(l.shadowPath == nil && l.contents == nil)
        #expect(l.contentsRect == Rect(0, 0, 1, 1) && l.contentsCenter == Rect(0, 0, 1, 1))
        #expect(l.contentsGravity == .resize && l.contentsScale == 1)
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
        #expect(!l.shouldRasterize && l.rasterizationScale == 1 && l.mask == nil && l.sublayers.isEmpty)
    }

    @Test func decodesEveryLayerKey() throws {
        let json = sceneWithRoot("""
        "name": "all", "bounds": [1,2,30,40], "position": [5,6], "anchorPoint": [0,1],
        "affineTransform": [1,0.5,-0.5,1,3,4], "zPosition": -2, "hidden": true, "opacity": 0.25,
        "allowsGroupOpacity": false, "backgroundColor": "#ff000080", "cornerRadius": 7,
        "maskedCorners": ["minXMinY", "maxXMaxY"], "cornerCurve": "continuous", "masksToBounds": true,
        "borderWidth": 2, "borderColor": [0,0,1], "shadowOpacity": 1, "shadowColor": "#0f0",
        "shadowOffset": [2,-4], "shadowRadius": 0, "shadowPath": {"ellipse": [0,0,10,20]},
        "contentsRect": [0.5,0,0.5,1], "contentsCenter": [0.25,0.25,0.5,0.5], "contentsGravity": "bottomRight",
        "contentsScale": 2, "minificationFilter": "trilinear", "magnificationFilter": "nearest",
        "minificationFilterBias": -0.5, "shouldRasterize": true, "rasterizationScale": 3,
        "mask": {"frame": [0,0,10,10], "backgroundColor": "black"}, "sublayers": [{"name": "a"}, {"name": "b"}]
        """, top: #""scale": 2, "background": "white", "groupOpacity": false,"#)
        let scene = try SceneDecoder().decode(json)
        #expect(scene.scale == 2 && scene.background == .white && !scene.groupOpacity)
        #expect(scene.pixelWidth == 200 && scene.pixelHeight == 100)
        let l = scene.root
        #expect(l.name == "all" && l.bounds == Rect(1, 2, 30, 40) && l.position == Point(5, 6) && l.anchorPoint == Point(0, 1))
        #expect(l.affineTransform == AffineTransform(a: 1, b: 0.5, c: -0.5, d: 1, tx: 3, ty: 4))
        #expect(l.zPosition == -2 && l.isHidden && l.opacity == 0.25 && l.allowsGroupOpacity == false)
        #expect(l.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(l.cornerRadius == 7 && l.maskedCorners == [.minXMinY, .maxXMaxY] && l.cornerCurve == .continuous)
        #expect(l.masksToBounds && l.borderWidth == 2 && l.borderColor == Color(red: 0, green: 0, blue: 1))
        #expect(l.shadowOpacity == 1 && l.shadowColor == Color(red: 0, green: 1, blue: 0))
        #expect(l.shadowOffset == Size(2, -4) && l.shadowRadius == 0 && l.shadowPath == .ellipse(Rect(0, 0, 10, 20)))
        #expect(l.contentsRect == Rect(0.5, 0, 0.5, 1) && l.contentsCenter == Rect(0.25, 0.25, 0.5, 0.5))
        #expect(l.contentsGravity == .bottomRight && l.contentsScale == 2)
        #expect(l.minificationFilter == .trilinear && l.magnificationFilter == .nearest && l.minificationFilterBias == -0.5)
        #expect(l.shouldRasterize && l.rasterizationScale == 3)
        #expect(l.mask?.bounds == Rect(0, 0, 10, 10) && l.mask?.backgroundColor == .black)
        #expect(l.sublayers.map(\.name) == ["a", "b"])
    }

    @Test func layerKeysListIsComplete() {
        #expect(SceneDecoder.layerKeys.count == 35)
        #expect(Set(SceneDecoder.layerKeys).count == SceneDecoder.layerKeys.count)
        #expect(SceneDecoder.topLevelKeys == ["width", "height", "scale", "background", "groupOpacity", "images", "fonts", "root", "time"])
    }

    @Test func frameUsesTheAnchorPointWhateverTheKeyOrder() throws {
        for body in [#""frame": [10,20,100,50], "anchorPoint": [0,0]"#, #""anchorPoint": [0,0], "frame": [10,20,100,50]"#] {
            let l = try SceneDecoder().decode(sceneWithRoot(body)).root
            #expect(l.bounds == Rect(0, 0, 100, 50))
            #expect(l.position == Point(10, 20))
        }
        let l = try SceneDecoder().decode(sceneWithRoot(#""frame": [10,20,100,50], "anchorPoint": [1,0.5]"#)).root
        #expect(l.position == Point(110, 45))
        let centered = try SceneDecoder().decode(sceneWithRoot(#""frame": [10,20,100,50]"#)).root
        #expect(centered.position == Point(60, 45))
    }

    @Test func frameIgnoresTheTransform() throws {
        let l = try SceneDecoder().decode(sceneWithRoot(#""affineTransform": [0,1,-1,0,0,0], "frame": [0,0,40,20]"#)).root
        #expect(l.bounds == Rect(0, 0, 40, 20) && l.position == Point(20, 10))
        #expect(l.affineTransform == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
    }

    @Test func scaleOverrideReplacesTheDocumentsScale() throws {
        let d = SceneDecoder(scaleOverride: 3)
        let s = try d.decode(sceneWithRoot("", top: #""scale": 2,"#))
        #expect(s.scale == 3 && s.pixelWidth == 300 && s.pixelHeight == 150)
        #expect(sceneErrorLine(sceneWithRoot(""), decoder: SceneDecoder(scaleOverride: 0)) == "card.json: --scale: expected a number > 0, got 0")
        #expect(sceneErrorLine(sceneWithRoot(""), decoder: SceneDecoder(scaleOverride: 200))
                == "card.json: the canvas 100×50 pt at scale 200 is 20000×10000 px; the limit is 16384 px a side")
    }

    @Test func outputSizeRoundsPoints() throws {
        let s = try SceneDecoder().decode(#"{"width": 10.4, "height": 10.5, "scale": 1, "root": {}}"#)
        #expect(s.pixelWidth == 10 && s.pixelHeight == 11)
    }

    @Test func decodesTreesExactlyAtTheDepthLimit() throws {
        let depth = Limits.maxDepth
        let text = #"{"width": 10, "height": 10, "root": "# + String(repeating: #"{"sublayers": ["#, count: depth - 1)
            + "{}" + String(repeating: "]}", count: depth - 1) + "}"
        let scene = try SceneDecoder().decode(text)
        var layer = scene.root
        var levels = 1
        while let first = layer.sublayers.first { layer = first; levels += 1 }
        #expect(levels == depth)
    }

    @Test func refusesTreesOneLevelTooDeep() {
        let depth = Limits.maxDepth + 1
        let text = #"{"width": 10, "height": 10, "root": "# + String(repeating: #"{"sublayers": ["#, count: depth - 1)
            + "{}" + String(repeating: "]}", count: depth - 1) + "}"
        let line = sceneErrorLine(text)
        #expect(line?.hasPrefix("card.json: root.sublayers[0].sublayers[0].sublayers[0].sublayers[0]…(19984 more)….sublayers[0].sublayers[0].sublayers[0].sublayers[0]: ") == true, "\(line ?? "")")
        #expect(line?.hasSuffix(".sublayers[0]: the layer tree is deeper than 10000 levels") == true)
        #expect(line.map { $0.count < 400 } == true)
    }

    @Test func masksCountTowardsDepth() {
        let depth = Limits.maxDepth + 1
        let text = #"{"width": 10, "height": 10, "root": "# + String(repeating: #"{"mask": "#, count: depth - 1)
            + "{}" + String(repeating: "}", count: depth - 1) + "}"
        #expect(sceneErrorLine(text)?.hasSuffix(".mask: the layer tree is deeper than 10000 levels") == true)
    }

    @Test func refusesMoreThanAMillionLayers() {
        let layers = Array(repeating: "{}", count: Limits.maxLayers).joined(separator: ",")
        let text = #"{"width": 10, "height": 10, "root": {"sublayers": ["# + layers + "]}}"
        #expect(sceneErrorLine(text) == "card.json: root.sublayers[999999]: the scene has more than 1000000 layers")
        let fits = #"{"width": 10, "height": 10, "root": {"sublayers": ["# + Array(repeating: "{}", count: Limits.maxLayers - 1).joined(separator: ",") + "]}}"
        #expect(sceneErrorLine(fits) == nil)
    }
}
