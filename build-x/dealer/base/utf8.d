build-x/dealer/base/utf8.o: dealer/base/utf8.c dealer/base/base.h
dealer/base/base.h:
