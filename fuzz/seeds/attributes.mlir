#alias = {a = 1 : i64, b = "str"}
"t.attrs"() {unit, b = true, c = false, i = 42 : i32, n = -7, x = 0x1F : i64, f = 3.5 : f32, h = 0x7FC00000 : f32, e = 1.0e-10 : f64, s = "esc\"aped\n", arr = [1, 2.0, "three", [unit]], d = {nested = {deep = 1}}, sym = @sym, nsym = @a::@b, ty = i32, al = #alias, da = array<i32: 1, 2, 3>, de = array<f32>, st = strided<[?, 1], offset: ?>, dl = #foo.attr, dq = #foo<"opaque">} : () -> ()
"t.props"() <{prop = 1 : i32}> : () -> ()
