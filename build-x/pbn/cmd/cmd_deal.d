build-x/pbn/cmd/cmd_deal.o: pbn/cmd/cmd_deal.c pbn/cmd/cmd.h \
 dealer/base/base.h pbn/cmd/cmd_int.h pbn/sets/sets.h pbn/pbn.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/event/event.h
pbn/cmd/cmd.h:
dealer/base/base.h:
pbn/cmd/cmd_int.h:
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
