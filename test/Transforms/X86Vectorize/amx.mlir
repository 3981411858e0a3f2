// The AMX int8 path (x86-vectorize's default for i8 x i8 -> i32, run on the
// module so that constant weights are packed at compile time): the C
// kernels against the interpreter, bit-exact, natively (AMX tiles when the
// CPU and the kernel allow them), with every intrinsic emulated
// (STRATA_X86_ISA=portable). The default isa (auto: AMX, or VNNI when
// the running CPU has no usable AMX) is run with AMX masked out
// (STRATA_X86_ISA=vnni), which takes the VNNI branch natively.
// Shapes: A read in place (K = 128) with M and N tails, A packed (K = 70)
// with 3 rows (GEMV-like), constant B (matmul with a zero fill of C
// before it, NHWC filters) and constant
// A (NCHW filters), NCHW 3x3 / 1x1 stride 1 (vector packing of the input
// over output rows / whole planes), stride 2 and batch 2 (element-wise
// packing). One file per case (split-file), so each C compilation is small.
//
// RUN: split-file %s %t
// RUN: strata-opt %t/mmdirect.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/mmdirect.x86.mlir
// RUN: strata-run %t/mmdirect.mlir --entry mmdirect --random-inputs --seed 3 --output %t/mmdirect.0 --output %t/mmdirect.1 --output %t/mmdirect.ref.npy
// RUN: strata-run %t/mmdirect.x86.mlir --entry mmdirect --random-inputs --seed 3 --target c --output %t/mmdirect.0 --output %t/mmdirect.1 --output %t/mmdirect.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmdirect.ref.npy %t/mmdirect.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmdirect.x86.mlir --entry mmdirect --random-inputs --seed 3 --target c --output %t/mmdirect.0 --output %t/mmdirect.1 --output %t/mmdirect.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmdirect.ref.npy %t/mmdirect.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/mmdirect.mlir '--pass-pipeline=builtin.module(x86-vectorize,func.func(convert-linalg-to-loops,lower-affine))' > %t/mmdirect.auto.mlir
// RUN: FileCheck %s --check-prefix=AUTO < %t/mmdirect.auto.mlir
// RUN: env STRATA_X86_ISA=vnni strata-run %t/mmdirect.auto.mlir --entry mmdirect --random-inputs --seed 3 --target c --output %t/mmdirect.0 --output %t/mmdirect.1 --output %t/mmdirect.vnni.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmdirect.ref.npy %t/mmdirect.vnni.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/mmpack.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/mmpack.x86.mlir
// RUN: strata-run %t/mmpack.mlir --entry mmpack --random-inputs --seed 3 --output %t/mmpack.0 --output %t/mmpack.1 --output %t/mmpack.ref.npy
// RUN: strata-run %t/mmpack.x86.mlir --entry mmpack --random-inputs --seed 3 --target c --output %t/mmpack.0 --output %t/mmpack.1 --output %t/mmpack.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmpack.ref.npy %t/mmpack.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmpack.x86.mlir --entry mmpack --random-inputs --seed 3 --target c --output %t/mmpack.0 --output %t/mmpack.1 --output %t/mmpack.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmpack.ref.npy %t/mmpack.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/mmconst.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/mmconst.x86.mlir
// RUN: strata-run %t/mmconst.mlir --entry mmconst --random-inputs --seed 3 --output %t/mmconst.0 --output %t/mmconst.ref.npy
// RUN: strata-run %t/mmconst.x86.mlir --entry mmconst --random-inputs --seed 3 --target c --output %t/mmconst.0 --output %t/mmconst.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmconst.ref.npy %t/mmconst.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/mmconst.x86.mlir --entry mmconst --random-inputs --seed 3 --target c --output %t/mmconst.0 --output %t/mmconst.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/mmconst.ref.npy %t/mmconst.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/conv3.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/conv3.x86.mlir
// RUN: strata-run %t/conv3.mlir --entry conv3 --random-inputs --seed 3 --output %t/conv3.0 --output %t/conv3.ref.npy
// RUN: strata-run %t/conv3.x86.mlir --entry conv3 --random-inputs --seed 3 --target c --output %t/conv3.0 --output %t/conv3.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/conv3.ref.npy %t/conv3.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/conv3.x86.mlir --entry conv3 --random-inputs --seed 3 --target c --output %t/conv3.0 --output %t/conv3.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/conv3.ref.npy %t/conv3.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/conv1.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/conv1.x86.mlir
// RUN: strata-run %t/conv1.mlir --entry conv1 --random-inputs --seed 3 --output %t/conv1.0 --output %t/conv1.1 --output %t/conv1.ref.npy
// RUN: strata-run %t/conv1.x86.mlir --entry conv1 --random-inputs --seed 3 --target c --output %t/conv1.0 --output %t/conv1.1 --output %t/conv1.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/conv1.ref.npy %t/conv1.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/conv1.x86.mlir --entry conv1 --random-inputs --seed 3 --target c --output %t/conv1.0 --output %t/conv1.1 --output %t/conv1.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/conv1.ref.npy %t/conv1.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/convs2.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/convs2.x86.mlir
// RUN: strata-run %t/convs2.mlir --entry convs2 --random-inputs --seed 3 --output %t/convs2.0 --output %t/convs2.1 --output %t/convs2.ref.npy
// RUN: strata-run %t/convs2.x86.mlir --entry convs2 --random-inputs --seed 3 --target c --output %t/convs2.0 --output %t/convs2.1 --output %t/convs2.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/convs2.ref.npy %t/convs2.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/convs2.x86.mlir --entry convs2 --random-inputs --seed 3 --target c --output %t/convs2.0 --output %t/convs2.1 --output %t/convs2.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/convs2.ref.npy %t/convs2.portable.npy | FileCheck %s --check-prefix=OK
// RUN: strata-opt %t/nhwc.mlir '--pass-pipeline=builtin.module(x86-vectorize{isa=amx},func.func(convert-linalg-to-loops,lower-affine))' > %t/nhwc.x86.mlir
// RUN: strata-run %t/nhwc.mlir --entry nhwc --random-inputs --seed 3 --output %t/nhwc.0 --output %t/nhwc.ref.npy
// RUN: strata-run %t/nhwc.x86.mlir --entry nhwc --random-inputs --seed 3 --target c --output %t/nhwc.0 --output %t/nhwc.native.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwc.ref.npy %t/nhwc.native.npy | FileCheck %s --check-prefix=OK
// RUN: env STRATA_X86_ISA=portable strata-run %t/nhwc.x86.mlir --entry nhwc --random-inputs --seed 3 --target c --output %t/nhwc.0 --output %t/nhwc.portable.npy
// RUN: python3 %S/../../utils/npy_compare.py %t/nhwc.ref.npy %t/nhwc.portable.npy | FileCheck %s --check-prefix=OK
// RUN: cat %t/mmconst.x86.mlir %t/conv3.x86.mlir %t/nhwc.x86.mlir | FileCheck %s --check-prefix=IR

// OK: OK: {{[0-9]+}} elements

// The constant weights became packed constant globals in the tile layout.
// IR-DAG: memref.global "private" constant @wmm__amx_b : memref<2x16x64xi8> = dense<
// IR-DAG: memref.global "private" constant @wc3__amx_a : memref<16x128xi8> = dense<
// IR-DAG: memref.global "private" constant @wnhwc__amx_b : memref<2x32x64xi8> = dense<
// IR-DAG: x86.call "_tile_dpbssd"() {imm = array<i32: 0, 4, 6>}
// A zero fill of C right before the op (mmconst) became tilezero.
// IR-DAG: x86.call "_tile_zero"() {imm = array<i32: 0>}

// AUTO: x86.call "_x86_amx_usable"() : () -> i32
// AUTO: scf.if
// AUTO: x86.call "_tile_dpbssd"
// AUTO: } else {
// AUTO: x86.call "_mm512_dpbusd_epi32"

//--- mmdirect.mlir
func.func @mmdirect(%a: memref<37x128xi8>, %b: memref<128x35xi8>, %c: memref<37x35xi32>) {
  linalg.matmul ins(%a, %b : memref<37x128xi8>, memref<128x35xi8>) outs(%c : memref<37x35xi32>)
  return
}

//--- mmpack.mlir
func.func @mmpack(%a: memref<3x70xi8>, %b: memref<70x20xi8>, %c: memref<3x20xi32>) {
  linalg.matmul ins(%a, %b : memref<3x70xi8>, memref<70x20xi8>) outs(%c : memref<3x20xi32>)
  return
}

//--- mmconst.mlir
memref.global "private" constant @wmm : memref<64x20xi8> = dense<"0x02378E6EFF9AD0B93E70FE42B4FF86EE500FDD47D1A4C763C0C38082EBEED4D51420E5E8DDE444188B3854D4CA07A1291A812DA11E351C7621DE7671DA9D038B374E89563B40846797DCE4BCFD6C3035006CB73C17925DAEEA2E39CB2E0DAF1F221CDAA8CC1E77D298A94F90F930006957CA9C907C2BEAC2C353B6D65E3ECC9E5716C868D6687922750C15704ECBB941DB7F2DDCAD7B0B38A036911C3A0F7807162EDB857200260C6D1336320C305133D8663A2BC8D5E5397410A855D7571A0A8EE4D161DCF0DC9571F3D49BC4B822DC77E392546E3342A4E8F93F80334F0E51BA3F921AB0172D1634C256513D6FC8D04374E5C4AE338043B726C826405B5DF37C15754244D1051A7E00548A231D7B12C9748CBE63FD1694C54886750CFC7292FD7A09CF12167C73BC88C019102C178D6D3338C392810169B7E1875B5A76457348E4176EA11B815D12711FC9D4747E29CE5998A3F508ABA08D2A5BA34F7999BFBEF0B8C41560CCDDDE53D2A2ED96B742A40F9DBC4CC4855DAE217A7A343F9CC616CD14F006A0F80211C4F83E6847DBC3892EAB92AEBF68FA476C7525B78F449BCD5BF2BBAA7BECC74035F8142A324541C537175D3992EEDC4AA0B19290DFE7E4947A7632805A70195B256E6CB3E2CFD1A43F4570CD02B80ED212F8907690303C219E8B6971CFBC261568FAD391E68CF6A84D3A1FDE6F3910A26FD3FBD9EA965C0A836C9F6752D6979133B0A4F97BAF719BFC997E4B9E980250641C9A93E3DB4EE0F7AB20B7ACD2A6ED886137795840C3861D65F2BBC71F77AC064E20C3C2A971FDAB5BFD0D9F7CFF98E6123FB2A45720428012C38E62C989985A09B643C224A11CD6C6067E251291A08E8EBE99C2365F0488F65BC039E7293786D3D3B009D7C9645E5BBC2A2264F46C5ED76298D2727B80B5C0569AEA8090F87635496DEEE70DE61B36FB3B34FF9F7D4D32C9C9FA7A4393B0D64BB210E6257470AEE54085B5DE478B228D1F44734C669FCB55398AE91112A78DAC36531D870CF8A493AD1933EA77AFBDFA2F5849814741DBEA244525B73FFFB3EC161C09A7D5A753DEF3A05055F65977FD1A560FAB29DF578FCCBB17DE5EE126B429A79F78C6A523E06F44F574B380E3D0B9AF2BCD3CB56125DDB43BB4A1E4E9253FD86AAAFD4E6E4082BC3FC3817D432FA47B1788BB7535E42F43C8147FADB817502CA05D99F057F90AA5CA0AB1745DDC45FDAF6736C2AA82C838888A006A44A89BEFE3628671AB0E708B9BD1495E92EE8C57535D4187D52DCB1BE158A73DEE4957E10AC7703A1281BFD66AA7A5439251CCE4897C226AC56FF9A73A8F87DE5BAB08C33E2BEDCD16AE11B8B64C3F1B3C7463FBC706888645C4F9769C8487EC56F7F81D9CFA9345318A186166B4BF3D0D47411AD5A7659CEC47B2193F51C66933A07D81EA68959EADBB2FC93F2E060D77C9BF06008C0146D5FD0660DAC69A35BF8469967D948D52BC5362F1B8A0AF95A26B1BA30BBD4F1C0468181980257E6E42CFEE0621E96AADCC34A859604AD9E4C77BD6643088CA5E097CEEFAD656002016B7E40459370779ACBBB82CB1B411DB9944D82B05B35128B11FA0152C5251A0A11AA3DC94B050B56C55A4F3578D14B72539A66E42B4D7FDBAB0AA425FBA0B1C685B94EBC443DCE226A4C71C9B6E1C620211D50369704EB2C4E76AB463F7C4FFD5AD64036DD376B51800369ABEE98C2C767A102A9D13C45716543DC114E3908079D11F5510576C2E2787D17D80776E3F96F48175BDE7D6D7F94CB44555F50C85E8F8A23F5E1CF2B03E639F0581CB">
func.func @mmconst(%a: memref<18x64xi8>, %c: memref<18x20xi32>) {
  %w = memref.get_global @wmm : memref<64x20xi8>
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<18x20xi32>)
  linalg.matmul ins(%a, %w : memref<18x64xi8>, memref<64x20xi8>) outs(%c : memref<18x20xi32>)
  return
}

//--- conv3.mlir
memref.global "private" constant @wc3 : memref<5x8x3x3xi8> = dense<"0x599D6D87E1E1B6D86A60707414A68C6EE88A63E7A12EE6B33DADD8F04A81915B9D19E04748D5BA44E0EFC34E66CB518D0C69E708AFF7585563E1E7270097E2D23BB05D39C913DD83CC59B5836E26A879CD3C839D3D7407672853D7495A6188F57516B7A477F0AA20B0A92650D92433951EBFAAAB947970EE621BCD590E66A4FC14AE1AA5401553B1D13159AD2FEB36B56C26B27E2792679DF4121E076B31AF6753E44F5ABFC3A06025931C3A57B7D98464C91C95B798A2A91615115DF6915D6917D22A4A6E6C93DA3B7223ADB8600B3D2EBB474D6607C2CA6A360EDCD852844D2102E3CF5F68BC124192E3E34FFC7F8DBA1CB22D2C31D38697E47F900B73E897F22920F13C698890BEE2B71FBDFEA1B8332C0252D60A1CA148D9FB7B851C70F69CEF44B110789205816ACBBDA9FE233CFB7983802449342209EE1767CC84E5F4821AADF4F9E944EF10C6E9D6BC79F1601C02A8DF6EB03173871A87D4D11F420E702CC4E364E3B48A">
func.func @conv3(%x: memref<1x8x6x7xi8>, %y: memref<1x5x4x5xi32>) {
  %w = memref.get_global @wc3 : memref<5x8x3x3xi8>
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x8x6x7xi8>, memref<5x8x3x3xi8>) outs(%y : memref<1x5x4x5xi32>)
  return
}

//--- conv1.mlir
func.func @conv1(%x: memref<1x8x5x5xi8>, %w: memref<20x8x1x1xi8>, %y: memref<1x20x5x5xi32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x8x5x5xi8>, memref<20x8x1x1xi8>) outs(%y : memref<1x20x5x5xi32>)
  return
}

//--- convs2.mlir
func.func @convs2(%x: memref<2x4x7x7xi8>, %w: memref<3x4x3x3xi8>, %y: memref<2x3x3x3xi32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : memref<2x4x7x7xi8>, memref<3x4x3x3xi8>) outs(%y : memref<2x3x3x3xi32>)
  return
}

//--- nhwc.mlir
memref.global "private" constant @wnhwc : memref<3x3x8x18xi8> = dense<"0x7FDC168FE50AD20D4C0AA8341FB9FC8AF50F416203A2754A78CC4F749F4B96E70429D93C5CD344F69F10F4557B75DA6F767B62FAF925F0CBABBE646F85CB8779C7B997A15A61DEBD8A2A5F2DF2D37C7C259923847F95E8E1010E18F5FB63A27E74F7285404EE3A5F8021BDCCF92112F835FF16B57501BC0996C9B5B36019CAF12226DE965C594481BA0448ACB183201D6EC7CC3A1B0EAA5F5A8368751E73B21DA6FD58B8B5F947E2723BE7CB8F8CBD4F53856F2CF7207C04EBF4797701A308AB155D976F9BD899F759CCEA33F8A05BDCF2647BC463D33977BA6F18A46C2538FCA50F3E1D93313E30D7F343523E085752F0DC8F2F96B0E45A73BA5BE33DF04AB9924121F432D0532A0E1F7C27D7F6976B27F1AC7E3718AD1ACB2879D472E549600A8DE3B655D08A28028D8B375FBAF0DE2313E84AD2C677134B682407212991114A71F906A6B7AAB550B638C47E5792713E2403BEE3BA7EC2A23210C1F79A46B8C365A7EE61A60B81B3EBF45E7E1AB8F5C7783C7F89C75008C490469354D7376A757A57F42733735ABD8D8BE264C7282752A82D0B47A6BFA7A5A4CAA5E17F5F3043FC3CE1E2AB1E08915346F024C0CC86E761E498803F037D7C7CA567A722D895A08B26B1BA7284F96C8DF94033BA94B9E470230AF13A6DEBF8E2DAE4BF4672880B75E887F1895ACFC94406D82FB62106E6393EDE5CD57AFF2B9CD41402C8BA60A6BEC00239089C61F471F76DD9D2043CE75B8F97092E55F43DB8826F25BF2E6B7D46A81D7AEC5A0296A5392D5B3C03E4B300C104C9A8E2A8D53EA4C2050858BC421148625FFDAAC2EB3CF7FF0841D36B345744C50E30A82AD248A144BA17DA8E7EE588627FA12928D0FA618418D071B350323ECC04FCFEDDCADB05587B67FADA5393C9D93EE38016EA4A85C36202CEAD682AD1A0EF61E2367F6BA6CA0DA0CBADB5A9055B6DF3F7725C7BA34A6E1D26FD7084C58E0B30A46542F26EAB7BFF2B5E48EDDD3324F3E67BA6275C12C8073607383CE19A40C44618D7862820C0C72C55FA2C4AFEFD1C7EC3EB4BBDC9195B93AD0C2DCD58EA88702FCD3C4892D7101E61A98CD8B5A989952D5E670F384B50940EB1D5E7423189EACAADE704C61B45169F63DCC214C031FDE560D7FB7B7FC0F0F3C81CF02659DF90DD1A7B699D09097A1C9884ADF7E5E07B08E8D0F6E429DF4F6D8C33DABED3354AD355FD816B08FF50A5A5C8EDC45AEB485E6DCDDC662F850F0C1D5EB19C331628AFBBCA307114EEA4975EE0F9D929BF8A8BA99C36045618BD815B2F9C838E183EDB50352136BCFE30D05BE4E57603266775520005101BE20AEC47E278901A38723C694F0D591732E4787C3D8796C00E6B4DB21FE4B9CDC65EE12422C66F4DEBF83A938D49562995708DE475A63E2AF0B172D4E572996DF933B891E490D470A84F60BF2FFBE001DBE3F9425BDF6A45EDA25B9E434CA9E07F155C07002177A1C6B82ABBCDBA8EAA538D1CB607078E022D670475B7C411136D1C8EC671B03EDC0E030F4B9F4EDC46A36ED5945545AC172CA7939B35303850A8C2E3133AF4B350D9A32E3B929D3AA9B88F3EC4AAC5D51A64F3EA9B8F6C01A47BC394D6C8A3D71911EA7DFADD7B5C05CF456F2DE5D594FAE114A39619DCF4BD48931EBCEE884CA4522BB59D519A15D3DAF00EEC6D3670210EE857FD74F6E63DBFD3069A83397329C93CDE0426CB9A14BB56D89316536E655EC77CF2CCDDFBF4721F9810B553CB88CBF6B4218FC2338DCF13028B96ED860683BEDA6937FF29982C21DC5F2EA97DE0D795D872164B62464C2CDC2FF5FB6EE9761F8798946FB613AF6E44">
func.func @nhwc(%x: memref<1x5x5x8xi8>, %y: memref<1x3x3x18xi32>) {
  %w = memref.get_global @wnhwc : memref<3x3x8x18xi8>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x5x5x8xi8>, memref<3x3x8x18xi8>) outs(%y : memref<1x3x3x18xi32>)
  return
}
