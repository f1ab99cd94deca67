#!/usr/bin/perl
# serve-flood.pl PORT N SECONDS [EVERY] - hold N sockets to 127.0.0.1:PORT for SECONDS, the way a
# client that wants to lock the server out would: each sends the start of a request line and
# then, without EVERY, nothing (idle); with EVERY, one more byte every EVERY seconds (trickling,
# which keeps an idle timeout from ever firing). Used by tests/serve-hostile.sh.
# On standard output, once the sockets are open: "open K" (K of N connected); at the end:
# "closed C last L", C sockets closed by the server and L the most seconds one of them lasted
# (a socket the server closed at once counts as lasting 0).
use strict;
use warnings;
use IO::Socket::INET;
use IO::Select;

my ($port, $n, $seconds, $every) = @ARGV;
$| = 1;
my (@socks, %opened);
my $t0 = time;
for (1 .. $n) {
    my $c = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $port, Timeout => 2)
        or last;
    syswrite($c, 'GET / HT');
    push @socks, $c;
    $opened{fileno $c} = time;
}
print 'open ', scalar(@socks), "\n";
my $sel = IO::Select->new(@socks);
my ($closed, $last, $next) = (0, 0, time + ($every || $seconds));
while (time < $t0 + $seconds && $sel->count) {
    # a socket the server closed reads as end of file (or an error): it counts, once
    for my $c ($sel->can_read(0.5)) {
        my $buf;
        my $got = sysread($c, $buf, 4096);
        next if $got;
        $closed++;
        my $lasted = time - $opened{fileno $c};
        $last = $lasted if $lasted > $last;
        $sel->remove($c);
        close $c;
    }
    if ($every && time >= $next) {
        local $SIG{PIPE} = 'IGNORE';
        syswrite($_, 'T') for $sel->handles;
        $next = time + $every;
    }
}
print "closed $closed last $last\n";
