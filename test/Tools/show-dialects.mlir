// RUN: strata-opt --show-dialects | FileCheck %s
// The registered dialects, sorted and comma-separated as mlir-opt prints
// them; a dialect loaded from IRDL joins the list.
// CHECK: {{^}}Available Dialects: affine,aievec,arith,bufferization,builtin,cf,func,gpu,linalg,math,memref,scf,tensor,test,tile,vector,vta,x86{{$}}
