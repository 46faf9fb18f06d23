// The few platform functions shared code uses; every runtime we target has them (Node 16+ and browsers).
declare function btoa(data: string): string;
declare function atob(data: string): string;
